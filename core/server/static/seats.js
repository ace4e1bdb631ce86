// The seats this browser holds, and what a person does with them: keep several (hotseat), take
// one with its invite link, give it up, and — the match's creator — hand an absent seat to a bot
// or reopen it. See docs/server.md, "Seats that follow their person".
//
// What a browser holds for a match lives in localStorage under `meeple:seats:<match>`, so every
// tab of the browser and a restart of it keep it:
//   { seats: {"<seat>": token}, watch: token|null, invites: {"<seat>": invite}, host: key|null }
// `invites` holds the invite of every seat this browser may hand out: all of them for the
// creator, its own seats' for anyone else. An invite travels only in a link's fragment
// (`/#invite=...`), which a browser never sends to a server: the client reads it, clears it from
// the address bar, and sends it in a POST body.
import * as kit from "./kit.js";

const { html, useEffect, useState } = kit;

// Talking to the server: GET `path`, or POST `body` as JSON; a refusal throws its one line.
export async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (data.error) throw new Error(data.error.message);
  return data;
}

// -- what this browser holds ---------------------------------------------------------------------
const key = (match) => `meeple:seats:${match}`;
const empty = () => ({ seats: {}, watch: null, invites: {}, host: null });

export function holding(match) {
  return { ...empty(), ...JSON.parse(localStorage.getItem(key(match)) || "null") };
}

function keep(match, change) {
  const held = holding(match);
  change(held);
  localStorage.setItem(key(match), JSON.stringify(held));
}

// Keep the token of `seat` (null: a spectator's), and the seat's invite when one came with it.
export function keepSeat(match, seat, token, invite) {
  keep(match, (held) => {
    if (seat === null) held.watch = token; else held.seats[seat] = token;
    if (invite) held.invites[seat] = invite;
  });
}

// What creating a match returned: the creator's tokens, every seat's invite, the host key.
export function keepCreated(made) {
  keep(made.match, (held) => {
    Object.assign(held.seats, made.tokens);
    Object.assign(held.invites, made.invites);
    held.host = made.host;
  });
}

export function keepInvite(match, seat, invite) { keep(match, (held) => { held.invites[seat] = invite; }); }
// The creator's host key goes with them to the rematch (the server keeps the same one).
export function keepHost(match, host) { keep(match, (held) => { held.host = host; }); }

// Forget the token of one seat (null: the spectator's) if it is still `token`: another tab of
// this browser may have taken the seat again with its invite link, and keeps its new token.
export function forgetSeat(match, seat, token) {
  keep(match, (held) => {
    if (seat === null && held.watch === token) held.watch = null;
    else if (seat !== null && held.seats[seat] === token) delete held.seats[seat];
  });
}

// The name this browser's person goes by (the lobby's "your name"), kept for every match.
export const myName = () => localStorage.getItem("meeple:name") || "";
export const setMyName = (name) => localStorage.setItem("meeple:name", name);

export const inviteLink = (invite) => `${location.origin}/#invite=${invite}`;

// -- which of the held seats the table shows -----------------------------------------------------
// The seats held here, as {seat, token}, by seat number; a spectator's token when none is held.
export function seatsOf(held) {
  const seats = Object.entries(held.seats).map(([seat, token]) => ({ seat: Number(seat), token }))
    .sort((a, b) => a.seat - b.seat);
  return seats.length ? seats : held.watch ? [{ seat: null, token: held.watch }] : [];
}

// Hotseat: the table shows one held seat at a time; when the shown seat owes nothing and another
// seat held here owes a move, the table turns to that seat. A person may also switch by hand.
export function useHotseat(match) {
  const [held, setHeld] = useState(() => holding(match));
  const seats = seatsOf(held);
  const [chosen, choose] = useState(null);
  const shown = seats.find((s) => s.seat === chosen) || seats[0] || null;
  const reload = () => setHeld(holding(match));
  // `update` is what the shown seat was last pushed: turn to a held seat that owes, if this one does not.
  const follow = (update) => {
    if (!update || update.owes || update.status !== "playing" || seats.length < 2) return;
    const next = seats.find((s) => s.seat !== null && update.owing.includes(s.seat));
    if (next && next.seat !== shown?.seat) choose(next.seat);
  };
  return { held, seats, shown, choose, follow, reload };
}

// The seat switcher of a hotseat table: one button per seat held here; the ones that owe say so.
export function SeatSwitch({ seats, shown, update, choose, seatName }) {
  if (seats.length < 2) return "";
  return html`<nav id="hotseat" aria-label="seats held in this browser">
    <span class="tag">your seats</span>
    ${seats.map((s) => {
      const owes = update.owing.includes(s.seat);
      return html`<button type="button" class="act ${s.seat === shown.seat ? "primary" : ""}" data-seat=${s.seat}
        aria-pressed=${String(s.seat === shown.seat)} onClick=${() => choose(s.seat)}>
        ${seatName(s.seat, true)}${owes ? " · to move" : ""}</button>`;
    })}</nav>`;
}

// -- the invite links, and the creator's say over absent seats -----------------------------------

// What a person's seat is now, in words.
const STATES = { open: "not taken yet", away: "away: waits for its invite link", human: "taken" };

// The seats panel beside the table: each seat's invite link this browser knows (with a copy
// button), and for the match's creator, a bot or a new invite for a seat nobody is connected to.
export function SeatPanel({ match, update, held, reload, setError }) {
  const [lobby, setLobby] = useState(null);
  const [bot, setBot] = useState({});
  const [copied, setCopied] = useState(null);
  useEffect(() => { if (held.host) api("/api/lobby").then(setLobby, () => {}); }, [held.host]);
  const known = Object.keys(held.invites).length;
  if (!known && !held.host) return "";
  const offered = lobby?.games.find((g) => g.game === update.view.game)?.bots || [];
  const bots = offered.includes("random") ? ["random", ...offered.filter((b) => b !== "random")] : offered;
  const absent = lobby?.rules.absent_seconds ?? 60;
  const copy = async (seat, link) => {
    try { await navigator.clipboard.writeText(link); } catch (error) { /* the link is shown to copy by hand */ }
    setCopied(seat);
  };
  const hand = async (seat, to) => {
    setError("");
    try {
      const handed = await api(`/api/matches/${match}/seats/${seat}`, { host: held.host, to });
      if (handed.invite) keepInvite(match, seat, handed.invite);
      reload();
    } catch (error) { setError(error.message); }
  };
  const over = update.status === "finished";
  return html`<details class="seat-panel" id="seat-panel" open=${update.status === "waiting"}>
    <summary>${held.host ? "Seats and invite links" : "Your invite link"}</summary>
    <p class="legend">An invite link opens its seat in any browser (a phone, another tab): the seat moves there
      and the old tab stops acting for it. Send each person their own link only.</p>
    <ul class="invites">${update.seats.map((s) => {
      const invite = held.invites[s.seat];
      const link = invite ? inviteLink(invite) : null;
      const mine = s.seat in held.seats;
      const mayHand = held.host && !over && !mine && s.kind !== "bot";
      return html`<li data-seat=${s.seat}>
        <div><span class="who">${s.name || `seat ${s.seat}`}</span> <span class="count">${mine ? "yours, in this browser" : STATES[s.kind] || s.label}</span></div>
        ${link ? html`<div class="row"><input class="link" readonly value=${link} aria-label=${`invite link of seat ${s.seat}`}
            onFocus=${(e) => e.target.select()} />
          <button type="button" class="act copy" onClick=${() => copy(s.seat, link)}>${copied === s.seat ? "copied ✓" : "copy link"}</button></div>` : ""}
        ${mayHand ? html`<div class="hand">
          <select aria-label=${`bot for seat ${s.seat}`} value=${bot[s.seat] || bots[0]}
            onChange=${(e) => setBot({ ...bot, [s.seat]: e.target.value })}>
            ${bots.map((name) => html`<option value=${name}>${name}</option>`)}</select>
          <button type="button" class="act to-bot" onClick=${() => hand(s.seat, bot[s.seat] || bots[0])}>hand to bot</button>
          <button type="button" class="act reopen" onClick=${() => hand(s.seat, "reopen")}>new invite link</button></div>` : ""}
      </li>`;
    })}</ul>
    ${held.host ? html`<p class="legend" id="absent-rule">${`A seat nobody has been connected to for ${absent} s can be `
      + "handed to a bot, or reopened with a new invite link (its old link and tab stop working); a seat nobody holds, at once."}</p>` : ""}
  </details>`;
}

// -- an invite link opened ------------------------------------------------------------------------
// Read `#invite=...` once, and clear it from the address bar (and so from the history) at once.
export function takeInviteFromAddress() {
  const found = location.hash.match(/^#invite=([A-Za-z0-9_-]+)$/);
  if (!found) return null;
  history.replaceState(null, "", `${location.pathname}#invited`);
  return found[1];
}

// The page an invite link opens: the person's name, then the seat is theirs.
export function Claim({ invite, setError }) {
  const [name, setName] = useState(myName());
  async function take(event) {
    event.preventDefault(); setError("");
    try {
      setMyName(name.trim());
      const taken = await api("/api/claim", { invite, name: name.trim() });
      keepSeat(taken.match, taken.seat, taken.token, invite);
      location.hash = `#table/${taken.match}`;
    } catch (error) { setError(error.message); }
  }
  if (!invite) return html`<p class="notice">This invite link was used already in this tab: open it again from where you got it.</p>`;
  return html`<form id="claim" class="notice" onSubmit=${take}>
    <h1>You are invited to a seat</h1>
    <p>Opening the link takes the seat here; if it was open in another tab or device, that one stops acting for it.</p>
    <label>Your name <input id="claim-name" maxlength="24" value=${name} onInput=${(e) => setName(e.target.value)} /></label>
    <button type="submit" class="act primary" id="claim-button">Take the seat</button>
  </form>`;
}

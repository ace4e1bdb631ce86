// The meeple server's browser client: the lobby, and a table that a game's own renderer draws
// (the generic one otherwise). Preact + htm as plain ES modules (static/vendor/), no build step.
//
// Read top to bottom: the connection to a match (reconnecting, pacing other seats' moves so a
// person sees them, the log); the table around the board (whose turn, the last move, the end
// screen, the move list as an accessible fallback). The lobby is `lobby.js`; the seats this
// browser holds, invite links and the creator's seat controls are `seats.js`.
import { Component, render } from "preact";
import * as kit from "./kit.js";
import { GenericBoard } from "./generic.js";
import { Lobby } from "./lobby.js";
import { Claim, SeatPanel, SeatSwitch, api, forgetSeat, keepHost, keepSeat, takeInviteFromAddress, useHotseat } from "./seats.js";
import { Log, useLog } from "./log.js";
import { EndScreen } from "./endscreen.js";

const { html, useEffect, useRef, useState } = kit;

// How long a move stays on screen before the next one is drawn (milliseconds);
// `localStorage["meeple:pace"]` overrides it (the tests set 0).
const PACE = Number(localStorage.getItem("meeple:pace") ?? 900);

// What each game draws with: its own renderer module and which view fields are for people.
const tables = {};
async function tableFor(game) {
  if (!tables[game]) {
    tables[game] = (async () => {
      const info = await api(`/renderers/${game}.json`).catch(() => ({ renderer: null, fields: null, cards: {} }));
      let module = null;
      if (info.renderer) {
        try { module = await import(info.renderer); } catch (error) { console.warn("renderer failed to load", error); }
      }
      return { ...info, module };
    })();
  }
  return tables[game];
}

// -- the connection to a match ---------------------------------------------------------------------
// The updates the server pushes, drawn one by one as they come, each move at least PACE ms on
// screen before the next is drawn (so a person sees every bot move, and their own).
// The log (each move as this seat saw it) comes from the server, then grows as moves are drawn.
function useMatch(match, held, setError) {
  const [shown, setShown] = useState(null);
  const [previous, setPrevious] = useState(null);
  const [connected, setConnected] = useState(false);
  const [lost, setLost] = useState(false);  // why the seat was lost (LOST): no reconnecting
  const { log, received, moved: logged } = useLog();
  const socket = useRef(null);
  const askLog = (before) => socket.current?.send(JSON.stringify(before ? { type: "log", before } : { type: "log" }));

  useEffect(() => {
    if (!held) return undefined;
    let closed = false, retry = null, timer = null, busyUntil = 0, last = null, greeting = true;
    const queue = [];
    const pump = () => {
      if (timer || !queue.length) return;
      const wait = busyUntil - performance.now();
      if (wait > 0) { timer = setTimeout(() => { timer = null; pump(); }, wait); return; }
      const update = queue.shift();
      const moved = last !== null && update.ply > last.ply;
      setPrevious(last); setShown(update);
      if (moved && !logged(update) && !greeting) askLog();  // moves missing from the log: ask again
      last = update;
      busyUntil = performance.now() + (moved ? PACE : 0);
      pump();
    };
    const open = () => {
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
      socket.current = ws;
      ws.onopen = () => {  // hello, then the log (the server answers in that order)
        greeting = true; ws.send(JSON.stringify({ type: "hello", token: held.token })); ws.send(JSON.stringify({ type: "log" }));
      };
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "update") { setConnected(true); setError(""); queue.push(message); pump(); }
        else if (message.type === "log") { greeting = false; received(message); }
        else if (message.code === "seat_lost") {  // said on the table, in words (LOST)
          closed = true; setLost(message.reason || "given_up");
        } else if (message.code === "bad_token") {  // a token kept here that holds nothing any more
          forgetSeat(match, held.seat, held.token); closed = true; setLost("unknown");
        } else if (message.type === "error") setError(message.message);
      };
      ws.onclose = () => { setConnected(false); if (!closed) retry = setTimeout(open, 1000); };
    };
    open();
    return () => { closed = true; clearTimeout(retry); clearTimeout(timer); socket.current?.close(); };
  }, [match, held?.token]);

  const play = (action, ply) => socket.current?.send(JSON.stringify({ type: "move", action, ply }));
  return { shown, previous, connected: connected || lost, lost, log, earlier: askLog, play };
}

// -- the table ------------------------------------------------------------------------------------
function Table({ match, setError }) {
  const hotseat = useHotseat(match);
  const held = hotseat.shown;  // the seat drawn now, of those this browser holds ({seat, token})
  const [waiting, setWaiting] = useState(false);  // a move sent, its update not yet here
  const refused = (message) => { setError(message); if (message) setWaiting(false); };
  const { shown: update, previous, connected, lost, log, earlier, play } = useMatch(match, held, refused);
  useEffect(() => hotseat.follow(update), [update]);
  const [table, setTable] = useState(null);
  const [broken, setBroken] = useState(false);  // the game's renderer threw: the generic table stands in
  useEffect(() => { if (update) tableFor(update.view.game).then(setTable); }, [update?.view.game]);
  useEffect(() => setWaiting(false), [update?.ply, update?.legal.length]);
  useEffect(() => {
    document.title = !update ? "meeple" : update.owes ? "● your turn · meeple"
      : update.status === "finished" ? "game over · meeple" : `${update.view.game} · meeple`;
  }, [update?.owes, update?.status, update?.ply]);

  if (!held) return html`<p class="notice">You hold no seat in this match: join or watch it from the <a href="#">lobby</a>,
    or open your seat's invite link.</p>`;
  const banner = connected ? null : html`<p class="reconnecting" role="status">reconnecting…</p>`;
  const who = update ? seatLabel(update, update.seat, true) : `seat ${held.seat}`;
  const gone = lost ? html`<p class="notice" id="seat-lost" role="alert">This tab no longer acts for ${who}:
      ${LOST[lost] || LOST.given_up}. <a href="#">Back to the lobby</a></p>` : "";
  if (!update || !table) return html`<section id="table">${banner}${gone || html`<p>loading the table…</p>`}</section>`;

  const send = (action) => { setWaiting(true); play(action, update.ply); };
  const seatName = (seat, plain) => seatLabel(update, seat, plain);
  const Board = table.module?.Board;
  const props = { update, previous, play: send, kit, seatName, fields: table.fields, cardNames: table.cards };
  const board = Board ? html`<${Guard} onFail=${() => setBroken(true)} fallback=${html`<${GenericBoard} ...${props} />`}><${Board} ...${props} /></${Guard}>`
    : html`<${GenericBoard} ...${props} />`;

  async function leave() {
    const started = update.status !== "waiting";
    if (!confirm(started ? "Leave this match? Your seat will wait for its invite link (yours brings you back), "
      + "or the match's creator may hand it to a bot. Nobody else can take it." : "Leave this match? Your seat will be open again.")) return;
    await api("/api/leave", { token: held.token }); forgetSeat(match, held.seat, held.token); location.hash = "";
  }
  // The same people in the same seats: each seat held here takes its seat in the rematch.
  async function rematch() {
    try {
      let again = null;
      for (const { seat, token } of hotseat.seats) {
        if (seat === null) continue;
        again = await api("/api/rematch", { token });
        keepSeat(again.match, again.seat, again.token, again.invite);
        if (hotseat.held.host) keepHost(again.match, hotseat.held.host);
      }
      if (again) location.hash = `#table/${again.match}`;
    } catch (error) { setError(error.message); }
  }

  // The seats and their invite links: on top while the match waits for its people, then beside the log.
  const seats = html`<${SeatPanel} match=${match} update=${update} held=${hotseat.held} reload=${hotseat.reload}
    setError=${setError} />`;
  return html`<section id="table" class=${lost ? "lost" : update.owes ? "owes" : ""}>
    ${banner}
    ${gone}
    <${Status} update=${update} seatName=${seatName} waiting=${waiting} title=${table.title} />
    <${SeatSwitch} seats=${hotseat.seats} shown=${held} update=${update} choose=${hotseat.choose} seatName=${seatName} />
    ${update.status === "waiting" ? seats : ""}
    <div class="layout">
      <div class="board ${waiting ? "busy" : ""}" id="board">
        ${update.narration ? html`<p class="last-move" aria-live="polite"><span class="tag">last move</span> ${update.narration}</p>` : ""}
        ${update.result ? html`<${EndScreen} update=${update} seatName=${seatName} Breakdown=${table.module?.Breakdown}
          kit=${kit} rematch=${rematch} />` : board}
        ${update.result ? board : ""}
        <${MoveList} update=${update} play=${send} open=${!Board || broken} label=${table.module?.moveLabel} waiting=${waiting} />
      </div>
      <div class="side"><${Log} log=${log} earlier=${earlier} />${update.status === "waiting" ? "" : seats}</div>
    </div>
    <div id="actions"><button type="button" id="leave" onClick=${leave}>Leave…</button></div>
  </section>`;
}

// Why this tab no longer acts for its seat (the server's `reason` for `seat_lost`).
// The tab that lost its seat leaves the browser's storage alone (another tab of this browser may
// just have taken the seat again: storage between tabs is not a transaction); a token found dead
// when a tab says hello is forgotten then.
const LOST = { opened_elsewhere: "this seat was opened elsewhere, with its invite link",
  given_up: "the seat was given up", handed_on: "the match's creator handed the seat to a bot",
  unknown: "the token this browser kept no longer holds the seat (opened elsewhere, given up or handed on)" };

// A renderer that throws is replaced by the generic table (and says so in the console).
class Guard extends Component {
  componentDidCatch(error) {
    console.warn("the game's renderer failed; drawing generically", error);
    this.setState({ failed: true });
    this.props.onFail();
  }
  render({ children, fallback }, { failed }) { return failed ? fallback : children; }
}

// A seat in words: "you", or its person's name (or "seat 2"), with its kind when it is not a
// person's ("seat 1 (random)", "Bea (away)"); `plain` names your own seat too.
function seatLabel(update, seat, plain) {
  const s = update.seats[seat];
  if (seat === update.seat && !plain) return "you";
  const who = s?.name || `seat ${seat}`;
  return s && s.kind !== "human" ? `${who} (${s.label})` : who;
}

// Whose turn it is, in words (the ply stays in data-ply for tools and tests).
function Status({ update, seatName, waiting, title }) {
  const you = update.seat === null ? "watching" : `you are seat ${update.seat}`;
  const turn = update.status === "finished" ? "game over"
    : update.status === "waiting" ? "waiting for players to join"
    : waiting ? "sending your move…"
    : update.owes ? "your turn" : `waiting for ${update.owing.map(seatName).join(", ")}`;
  return html`<div id="status" data-status=${update.status} data-ply=${update.ply} role="status">
    <span class="game">${title || update.view.game}</span> · <span>${you}</span> · <strong class=${update.owes ? "your-turn" : ""}>${turn}</strong>
    <span class="seats">${update.seats.map((s) => html`<span class=${s.seat === update.seat ? "you seat" : "seat"}>seat ${s.seat}: ${s.name ? `${s.name} (${s.label})` : s.label}</span>`)}</span>
    <a class="rules-link" href=${`/rules/${update.view.game}`} target="_blank" rel="noopener">rules ↗</a>
  </div>`;
}

// Every legal move as a button with a unique label: the accessible fallback to touching the table.
// The list stays in the page (hidden while there is no move), so once opened it stays open.
function MoveList({ update, play, open, label, waiting }) {
  const labels = uniqueLabels(update.legal, label ? (move) => label(move, update) : (move) => move.text);
  return html`<details id="legal" open=${open} hidden=${!update.legal.length}>
    <summary>all ${update.legal.length} legal move${update.legal.length === 1 ? "" : "s"} as a list</summary>
    <div class="moves">${update.legal.map((move, i) => html`<button type="button" class="move" disabled=${waiting}
      onClick=${() => play(move.action)}>${labels[i]}</button>`)}</div></details>`;
}

// Labels for a list of moves, none twice: a label shared by several moves gets what tells them
// apart (the action's fields that differ).
export function uniqueLabels(moves, labelOf) {
  const labels = moves.map(labelOf);
  const groups = {};
  labels.forEach((text, i) => { (groups[text] ||= []).push(i); });
  for (const indices of Object.values(groups)) {
    if (indices.length < 2) continue;
    const keys = Object.keys(moves[indices[0]].action).filter((key) =>
      new Set(indices.map((i) => JSON.stringify(moves[i].action[key]))).size > 1);
    for (const i of indices) labels[i] += ` (${keys.map((key) => `${key} ${JSON.stringify(moves[i].action[key])}`).join(", ")})`;
  }
  return labels;
}

// -- the page -------------------------------------------------------------------------------------
function App() {
  const [invite] = useState(takeInviteFromAddress);  // read once, then gone from the address bar
  const [hash, setHash] = useState(location.hash);
  const [lobby, setLobby] = useState(null);
  const [error, setError] = useState("");
  const load = () => api("/api/lobby").then(setLobby, (e) => setError(e.message));
  useEffect(() => { const on = () => { setError(""); setHash(location.hash); }; addEventListener("hashchange", on); return () => removeEventListener("hashchange", on); }, []);
  const table = hash.match(/^#table\/([0-9a-f]+)$/);
  useEffect(() => { if (!table && hash !== "#invited") { load(); document.title = "meeple"; } }, [hash]);
  return html`<header><a href="#" id="home">meeple</a> <span id="where">${table ? `match ${table[1]}` : "lobby"}</span></header>
    <main>
      ${table ? html`<${Table} key=${table[1]} match=${table[1]} setError=${setError} />`
        : hash === "#invited" ? html`<${Claim} invite=${invite} setError=${setError} />`
        : lobby ? html`<${Lobby} lobby=${lobby} setError=${setError} />` : html`<p>loading…</p>`}
      <p id="error" role="alert">${error}</p>
    </main>`;
}

render(html`<${App} />`, document.body);

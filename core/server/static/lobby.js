// The lobby: a new match (game, players, options, each seat — me, open, a bot — with a name, and
// whether it is private), and the listed matches, pushed by the server as they change (the
// socket `/ws/lobby`: no refresh button, no polling). A private match is never listed: its
// seats are taken with their invite links, which its creator sees on the table.
import * as kit from "./kit.js";
import { api, keepCreated, keepSeat, myName, setMyName } from "./seats.js";

const { html, useEffect, useState } = kit;

// The listed matches as the server pushes them; `initial` until the first push. The socket is
// reopened a second after it drops.
function useLobbyFeed(initial) {
  const [matches, setMatches] = useState(initial);
  useEffect(() => {
    let socket = null, retry = null, closed = false;
    const open = () => {
      socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/lobby`);
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        if (message.type === "lobby") setMatches(message.matches);
      };
      socket.onclose = () => { if (!closed) retry = setTimeout(open, 1000); };
    };
    open();
    return () => { closed = true; clearTimeout(retry); socket?.close(); };
  }, []);
  return matches;
}

const minutes = (seconds) => (seconds >= 120 ? `${Math.round(seconds / 60)} minutes` : `${seconds} seconds`);

export function Lobby({ lobby, setError }) {
  const [gameId, setGameId] = useState(lobby.games[0]?.game);
  const game = lobby.games.find((g) => g.game === gameId) || lobby.games[0];
  const [players, setPlayers] = useState(game.min_players);
  const [options, setOptions] = useState({});
  const [seats, setSeats] = useState({});
  const [names, setNames] = useState({});
  const [name, setName] = useState(myName());
  const [secret, setSecret] = useState(false);
  const matches = useLobbyFeed(lobby.matches);
  const choose = (id) => {
    const next = lobby.games.find((g) => g.game === id);
    setGameId(id); setPlayers(next.min_players); setOptions({}); setSeats({});
  };
  const seatKind = (seat) => seats[seat] ?? (seat === 0 ? "human" : "open");
  // A seat's name: as typed beside it; a seat of mine goes by my name unless I typed another (hotseat).
  const seatName = (seat) => (seatKind(seat) === "human" ? (names[seat] || name).trim()
    : seatKind(seat) === "open" ? (names[seat] || "").trim() : "");
  const rename = (value) => { setName(value); setMyName(value.trim()); };

  async function create(event) {
    event.preventDefault(); setError("");
    const chosen = Object.fromEntries(game.options.map((o) => [o.name, o.name in options ? options[o.name] : o.default]));
    const all = [...Array(players).keys()];
    try {
      const made = await api("/api/matches", { game: game.game, options: chosen, seats: all.map(seatKind),
        names: all.map(seatName), private: secret });
      keepCreated(made);
      if (Object.keys(made.tokens).length) location.hash = `#table/${made.match}`;
      else await watch(made.match);
    } catch (error) { setError(error.message); }
  }
  async function join(match, seat) {
    try {
      const joined = await api(`/api/matches/${match}/join`, { seat, name: name.trim() });
      keepSeat(match, joined.seat, joined.token, joined.invite);
      location.hash = `#table/${match}`;
    } catch (error) { setError(error.message); }
  }
  async function watch(match) {
    try { const watching = await api(`/api/matches/${match}/watch`, {}); keepSeat(match, null, watching.token); location.hash = `#table/${match}`; }
    catch (error) { setError(error.message); }
  }

  return html`<section id="lobby">
    <h1>Lobby</h1>
    <label>Your name <input id="my-name" maxlength="24" value=${name} placeholder="shown to the others"
      onInput=${(e) => rename(e.target.value)} /></label>
    <form id="create" onSubmit=${create}>
      <h2>New match</h2>
      <label>Game <select id="game" value=${game.game} onChange=${(e) => choose(e.target.value)}>
        ${lobby.games.map((g) => html`<option value=${g.game}>${g.title}</option>`)}</select></label>
      <label>Players <input id="players" type="number" min=${game.min_players} max=${game.max_players} value=${players}
        onChange=${(e) => setPlayers(Math.max(game.min_players, Math.min(game.max_players, Number(e.target.value))))} /></label>
      <div id="options">${game.options.map((option) => html`<${OptionInput} option=${option}
        value=${option.name in options ? options[option.name] : option.default}
        set=${(value) => setOptions({ ...options, [option.name]: value })} />`)}</div>
      <div id="seats">${[...Array(players).keys()].map((seat) => html`<div class="seat-row"><label>seat ${seat}
        <select data-seat=${seat} value=${seatKind(seat)} onChange=${(e) => setSeats({ ...seats, [seat]: e.target.value })}>
          ${["human", "open", ...game.bots].map((kind) => html`<option value=${kind}>${kind === "human" ? "me" : kind === "open" ? "a person (invite)" : kind}</option>`)}
        </select></label>
        ${seatKind(seat) === "human" || seatKind(seat) === "open" ? html`<input data-name=${seat} maxlength="24"
          placeholder=${seatKind(seat) === "human" ? name || "your name" : "their name (optional)"}
          aria-label=${`name of seat ${seat}`} value=${names[seat] || ""} onInput=${(e) => setNames({ ...names, [seat]: e.target.value })} />` : ""}
      </div>`)}</div>
      <label><input type="checkbox" id="private" checked=${secret} onChange=${(e) => setSecret(e.target.checked)} />
        private: not listed here, seats taken by invite link only</label>
      <button type="submit" id="create-button">Create</button>
      <p class="legend">After creating, the table shows an invite link for every person's seat.</p>
    </form>
    <h2>Open matches <span class="count" id="live">(updated as they change)</span></h2>
    ${matches.length ? "" : html`<p class="legend" id="no-matches">No match is waiting: create one.</p>`}
    <table id="matches"><tbody>${matches.map((match) => html`<tr data-match=${match.match}>
      <td>${match.game}</td><td>${match.status}</td>
      <td>${match.seats.map((seat) => seat.kind === "open"
        ? html`<button class="join" data-seat=${seat.seat} onClick=${() => join(match.match, seat.seat)}>join seat ${seat.seat}${seat.name ? ` (for ${seat.name})` : ""}</button> `
        : html`<span class="seat">seat ${seat.seat}: ${seat.name || (seat.kind === "human" ? "taken" : seat.label)}${seat.kind === "away" ? " (away)" : ""}</span> `)}</td>
      <td><button class="watch" onClick=${() => watch(match.match)}>watch</button></td></tr>`)}</tbody></table>
    <p class="legend" id="expiry">${`A match whose open seats nobody takes within ${minutes(lobby.rules.unstarted_seconds)} `
      + `ends, and so does a match nobody is connected to for ${minutes(lobby.rules.idle_seconds)}.`}</p>
  </section>`;
}

// One option of the new-match form: a checkbox for yes/no, a list for choices, else a number or text.
function OptionInput({ option, value, set }) {
  let input;
  if (typeof option.default === "boolean") {
    input = html`<input type="checkbox" data-option=${option.name} checked=${value} onChange=${(e) => set(e.target.checked)} />`;
  } else if (option.choices) {
    input = html`<select data-option=${option.name} value=${JSON.stringify(value)} onChange=${(e) => set(JSON.parse(e.target.value))}>
      ${option.choices.map((c) => html`<option value=${JSON.stringify(c)}>${String(c)}</option>`)}</select>`;
  } else if (typeof option.default === "number") {
    input = html`<input type="number" data-option=${option.name} value=${value} onChange=${(e) => set(Number(e.target.value))} />`;
  } else {
    input = html`<input data-option=${option.name} value=${value} onChange=${(e) => set(e.target.value)} />`;
  }
  return html`<label title=${option.help}>${option.name} ${input}</label>`;
}

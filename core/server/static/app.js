// The meeple server's browser client: the lobby, and a table that a game's own renderer draws
// (the generic one otherwise). Preact + htm as plain ES modules (static/vendor/), no build step.
//
// Read top to bottom: talking to the server; the lobby; the connection to a match (reconnecting,
// pacing other seats' moves so a person sees them, the log); the table around the board (whose
// turn, the last move, the end screen, the move list as an accessible fallback).
import { Component, render } from "preact";
import * as kit from "./kit.js";
import { GenericBoard } from "./generic.js";
import { Log, useLog } from "./log.js";
import { EndScreen } from "./endscreen.js";

const { html, useEffect, useRef, useState } = kit;

// -- talking to the server ------------------------------------------------------------------------
async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (data.error) throw new Error(data.error.message);
  return data;
}

// Tokens stay in this tab's session storage, never in the address bar.
const saveToken = (match, seat, token) => sessionStorage.setItem(`meeple:${match}`, JSON.stringify({ seat, token }));
const loadToken = (match) => JSON.parse(sessionStorage.getItem(`meeple:${match}`) || "null");
const forgetToken = (match) => sessionStorage.removeItem(`meeple:${match}`);

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

// -- the lobby ------------------------------------------------------------------------------------
function Lobby({ lobby, refresh, setError }) {
  const [gameId, setGameId] = useState(lobby.games[0]?.game);
  const game = lobby.games.find((g) => g.game === gameId) || lobby.games[0];
  const [players, setPlayers] = useState(game.min_players);
  const [options, setOptions] = useState({});
  const [seats, setSeats] = useState({});
  const choose = (id) => {
    const next = lobby.games.find((g) => g.game === id);
    setGameId(id); setPlayers(next.min_players); setOptions({}); setSeats({});
  };
  const seatKind = (seat) => seats[seat] ?? (seat === 0 ? "human" : "open");

  async function create(event) {
    event.preventDefault(); setError("");
    const chosen = Object.fromEntries(game.options.map((o) => [o.name, o.name in options ? options[o.name] : o.default]));
    try {
      const made = await api("/api/matches", { game: game.game, options: chosen,
        seats: [...Array(players).keys()].map(seatKind) });
      const mine = Object.entries(made.tokens);
      if (mine.length) { saveToken(made.match, Number(mine[0][0]), mine[0][1]); location.hash = `#table/${made.match}`; }
      else await watch(made.match);
    } catch (error) { setError(error.message); }
  }
  async function join(match, seat) {
    try { const joined = await api(`/api/matches/${match}/join`, { seat }); saveToken(match, joined.seat, joined.token); location.hash = `#table/${match}`; }
    catch (error) { setError(error.message); }
  }
  async function watch(match) {
    try { const watching = await api(`/api/matches/${match}/watch`, {}); saveToken(match, null, watching.token); location.hash = `#table/${match}`; }
    catch (error) { setError(error.message); }
  }

  return html`<section id="lobby">
    <h1>Lobby</h1>
    <form id="create" onSubmit=${create}>
      <h2>New match</h2>
      <label>Game <select id="game" value=${game.game} onChange=${(e) => choose(e.target.value)}>
        ${lobby.games.map((g) => html`<option value=${g.game}>${g.title}</option>`)}</select></label>
      <label>Players <input id="players" type="number" min=${game.min_players} max=${game.max_players} value=${players}
        onChange=${(e) => setPlayers(Math.max(game.min_players, Math.min(game.max_players, Number(e.target.value))))} /></label>
      <div id="options">${game.options.map((option) => html`<${OptionInput} option=${option}
        value=${option.name in options ? options[option.name] : option.default}
        set=${(value) => setOptions({ ...options, [option.name]: value })} />`)}</div>
      <div id="seats">${[...Array(players).keys()].map((seat) => html`<label>seat ${seat}
        <select data-seat=${seat} value=${seatKind(seat)} onChange=${(e) => setSeats({ ...seats, [seat]: e.target.value })}>
          ${["human", "open", ...game.bots].map((kind) => html`<option value=${kind}>${kind === "human" ? "me" : kind}</option>`)}
        </select></label>`)}</div>
      <button type="submit" id="create-button">Create</button>
    </form>
    <h2>Open matches <button type="button" onClick=${refresh}>refresh</button></h2>
    <table id="matches"><tbody>${lobby.matches.map((match) => html`<tr data-match=${match.match}>
      <td>${match.game}</td><td>${match.status}</td>
      <td>${match.seats.map((seat) => seat.kind === "open"
        ? html`<button class="join" data-seat=${seat.seat} onClick=${() => join(match.match, seat.seat)}>join seat ${seat.seat}</button> `
        : `seat ${seat.seat}: ${seat.label} `)}</td>
      <td><button class="watch" onClick=${() => watch(match.match)}>watch</button></td></tr>`)}</tbody></table>
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

// -- the connection to a match ---------------------------------------------------------------------
// The updates the server pushes, drawn one by one as they come, each move at least PACE ms on
// screen before the next is drawn (so a person sees every bot move, and their own).
// The log (each move as this seat saw it) comes from the server, then grows as moves are drawn.
function useMatch(match, held, setError) {
  const [shown, setShown] = useState(null);
  const [previous, setPrevious] = useState(null);
  const [connected, setConnected] = useState(false);
  const [lost, setLost] = useState(false);  // the seat was given up: no reconnecting
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
        else if (message.type === "error") {
          setError(message.message);
          if (message.code === "seat_lost") { forgetToken(match); closed = true; setLost(true); }
        }
      };
      ws.onclose = () => { setConnected(false); if (!closed) retry = setTimeout(open, 1000); };
    };
    open();
    return () => { closed = true; clearTimeout(retry); clearTimeout(timer); socket.current?.close(); };
  }, [match]);

  const play = (action, ply) => socket.current?.send(JSON.stringify({ type: "move", action, ply }));
  return { shown, previous, connected: connected || lost, log, earlier: askLog, play };
}

// -- the table ------------------------------------------------------------------------------------
function Table({ match, setError }) {
  const held = loadToken(match);
  const [waiting, setWaiting] = useState(false);  // a move sent, its update not yet here
  const refused = (message) => { setError(message); if (message) setWaiting(false); };
  const { shown: update, previous, connected, log, earlier, play } = useMatch(match, held, refused);
  const [table, setTable] = useState(null);
  const [broken, setBroken] = useState(false);  // the game's renderer threw: the generic table stands in
  useEffect(() => { if (update) tableFor(update.view.game).then(setTable); }, [update?.view.game]);
  useEffect(() => setWaiting(false), [update?.ply, update?.legal.length]);
  useEffect(() => {
    document.title = !update ? "meeple" : update.owes ? "● your turn · meeple"
      : update.status === "finished" ? "game over · meeple" : `${update.view.game} · meeple`;
  }, [update?.owes, update?.status, update?.ply]);

  if (!held) return html`<p class="notice">You hold no seat in this match: join or watch it from the <a href="#">lobby</a>.</p>`;
  const banner = connected ? null : html`<p class="reconnecting" role="status">reconnecting…</p>`;
  if (!update || !table) return html`<section id="table">${banner}<p>loading the table…</p></section>`;

  const send = (action) => { setWaiting(true); play(action, update.ply); };
  const seatName = (seat) => seatLabel(update, seat);
  const Board = table.module?.Board;
  const props = { update, previous, play: send, kit, seatName, fields: table.fields, cardNames: table.cards };
  const board = Board ? html`<${Guard} onFail=${() => setBroken(true)} fallback=${html`<${GenericBoard} ...${props} />`}><${Board} ...${props} /></${Guard}>`
    : html`<${GenericBoard} ...${props} />`;

  async function leave() {
    if (!confirm("Leave this match? Your seat will be open to anyone.")) return;
    await api("/api/leave", { token: held.token }); forgetToken(match); location.hash = "";
  }
  async function rematch() {
    try { const again = await api("/api/rematch", { token: held.token }); saveToken(again.match, again.seat, again.token); location.hash = `#table/${again.match}`; }
    catch (error) { setError(error.message); }
  }

  return html`<section id="table" class=${update.owes ? "owes" : ""}>
    ${banner}
    <${Status} update=${update} seatName=${seatName} waiting=${waiting} title=${table.title} />
    <div class="layout">
      <div class="board ${waiting ? "busy" : ""}" id="board">
        ${update.narration ? html`<p class="last-move" aria-live="polite"><span class="tag">last move</span> ${update.narration}</p>` : ""}
        ${update.result ? html`<${EndScreen} update=${update} seatName=${seatName} Breakdown=${table.module?.Breakdown}
          kit=${kit} rematch=${rematch} />` : board}
        ${update.result ? board : ""}
        <${MoveList} update=${update} play=${send} open=${!Board || broken} label=${table.module?.moveLabel} waiting=${waiting} />
      </div>
      <${Log} log=${log} earlier=${earlier} />
    </div>
    <div id="actions"><button type="button" id="leave" onClick=${leave}>Leave…</button></div>
  </section>`;
}

// A renderer that throws is replaced by the generic table (and says so in the console).
class Guard extends Component {
  componentDidCatch(error) {
    console.warn("the game's renderer failed; drawing generically", error);
    this.setState({ failed: true });
    this.props.onFail();
  }
  render({ children, fallback }, { failed }) { return failed ? fallback : children; }
}

function seatLabel(update, seat) {
  const s = update.seats[seat];
  const who = s ? (s.kind === "human" ? "" : ` (${s.label})`) : "";
  return seat === update.seat ? "you" : `seat ${seat}${who}`;
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
    <span class="seats">${update.seats.map((s) => html`<span class=${s.seat === update.seat ? "you seat" : "seat"}>seat ${s.seat}: ${s.label}</span>`)}</span>
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
  const [hash, setHash] = useState(location.hash);
  const [lobby, setLobby] = useState(null);
  const [error, setError] = useState("");
  const refresh = () => api("/api/lobby").then(setLobby, (e) => setError(e.message));
  useEffect(() => { const on = () => { setError(""); setHash(location.hash); }; addEventListener("hashchange", on); return () => removeEventListener("hashchange", on); }, []);
  const table = hash.match(/^#table\/([0-9a-f]+)$/);
  useEffect(() => { if (!table) { refresh(); document.title = "meeple"; } }, [hash]);
  return html`<header><a href="#" id="home">meeple</a> <span id="where">${table ? `match ${table[1]}` : "lobby"}</span></header>
    <main>
      ${table ? html`<${Table} key=${table[1]} match=${table[1]} setError=${setError} />`
        : lobby ? html`<${Lobby} lobby=${lobby} refresh=${refresh} setError=${setError} />` : html`<p>loading…</p>`}
      <p id="error" role="alert">${error}</p>
    </main>`;
}

render(html`<${App} />`, document.body);

// The meeple server's browser client: lobby, create/join/watch, and a table drawn from the
// view JSON the server pushes. No build step; plain ES modules. A game may provide its own
// renderer (see docs/server.md): a module exporting render(update, element, helpers) -> bool.
const $ = (selector) => document.querySelector(selector);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value; else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
};
let lobbyData = null;
let socket = null;
const renderers = {};

function showError(message) { $("#error").textContent = message || ""; }

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (data.error) throw new Error(data.error.message);
  return data;
}

// Tokens stay in this browser's session storage, never in the address bar.
function saveToken(match, seat, token) { sessionStorage.setItem(`meeple:${match}`, JSON.stringify({ seat, token })); }
function loadToken(match) { return JSON.parse(sessionStorage.getItem(`meeple:${match}`) || "null"); }

// -- lobby ---------------------------------------------------------------------------------------
async function showLobby() {
  $("#lobby").hidden = false; $("#table").hidden = true; $("#where").textContent = "lobby";
  lobbyData = await api("/api/lobby");
  const select = $("#game");
  if (!select.options.length) {
    for (const game of lobbyData.games) select.append(el("option", { value: game.game }, game.title));
    select.addEventListener("change", drawForm);
    $("#players").addEventListener("change", drawSeats);
    drawForm();
  }
  const body = $("#matches tbody"); body.replaceChildren();
  for (const match of lobbyData.matches) {
    const seats = el("td");
    for (const seat of match.seats) {
      if (seat.kind === "open") seats.append(el("button", { class: "join", "data-match": match.match, "data-seat": seat.seat,
        onclick: () => join(match.match, seat.seat) }, `join seat ${seat.seat}`), " ");
      else seats.append(`seat ${seat.seat}: ${seat.label} `);
    }
    body.append(el("tr", { "data-match": match.match }, el("td", {}, match.game), el("td", {}, match.status), seats,
      el("td", {}, el("button", { class: "watch", onclick: () => watch(match.match) }, "watch"))));
  }
}

function currentGame() { return lobbyData.games.find((g) => g.game === $("#game").value); }

function drawForm() {
  const game = currentGame();
  $("#players").min = game.min_players; $("#players").max = game.max_players; $("#players").value = game.min_players;
  const options = $("#options"); options.replaceChildren();
  for (const option of game.options) {
    let input;
    if (option.choices) {
      input = el("select", { "data-option": option.name });
      for (const choice of option.choices) input.append(el("option", { value: JSON.stringify(choice) }, String(choice)));
      input.value = JSON.stringify(option.default);
    } else input = el("input", { "data-option": option.name, value: JSON.stringify(option.default), title: option.help });
    options.append(el("label", { title: option.help }, `${option.name} `, input));
  }
  drawSeats();
}

function drawSeats() {
  const game = currentGame();
  const seats = $("#seats"); seats.replaceChildren();
  for (let seat = 0; seat < Number($("#players").value); seat++) {
    const select = el("select", { "data-seat": seat });
    for (const kind of ["human", "open", ...game.bots]) select.append(el("option", { value: kind }, kind === "human" ? "me" : kind));
    select.value = seat === 0 ? "human" : "open";
    seats.append(el("label", {}, `seat ${seat} `, select));
  }
}

async function create(event) {
  event.preventDefault(); showError();
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    try { options[input.dataset.option] = JSON.parse(input.value); } catch { options[input.dataset.option] = input.value; }
  }
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  try {
    const made = await api("/api/matches", { game: $("#game").value, options, seats });
    const mine = Object.entries(made.tokens);
    if (mine.length) { saveToken(made.match, Number(mine[0][0]), mine[0][1]); location.hash = `#table/${made.match}`; }
    else await watch(made.match);
  } catch (error) { showError(error.message); }
}

async function join(match, seat) {
  try {
    const joined = await api(`/api/matches/${match}/join`, { seat });
    saveToken(match, joined.seat, joined.token); location.hash = `#table/${match}`;
  } catch (error) { showError(error.message); }
}

async function watch(match) {
  try {
    const watching = await api(`/api/matches/${match}/watch`, {});
    saveToken(match, null, watching.token); location.hash = `#table/${match}`;
  } catch (error) { showError(error.message); }
}

// -- the table -----------------------------------------------------------------------------------
function openTable(match) {
  $("#lobby").hidden = true; $("#table").hidden = false; $("#where").textContent = `match ${match}`;
  $("#narration").replaceChildren(); $("#board").replaceChildren(); $("#legal").replaceChildren();
  const held = loadToken(match);
  if (!held) { showError("you hold no seat in this match: join or watch it from the lobby"); return; }
  if (socket) socket.close();
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
  socket = new WebSocket(url);
  socket.onopen = () => socket.send(JSON.stringify({ type: "hello", token: held.token }));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "update") drawTable(message);
    else if (message.type === "error") {
      showError(message.message);
      if (message.code === "seat_lost") { sessionStorage.removeItem(`meeple:${match}`); socket.onclose = null; }
    }
  };
  socket.onclose = () => { if (!$("#table").hidden) setTimeout(() => { if (location.hash === `#table/${match}`) openTable(match); }, 1000); };
  $("#leave").onclick = async () => { await api("/api/leave", { token: held.token }); sessionStorage.removeItem(`meeple:${match}`); socket.close(); location.hash = ""; };
  $("#rematch").onclick = async () => {
    try { const again = await api("/api/rematch", { token: held.token }); saveToken(again.match, again.seat, again.token); location.hash = `#table/${again.match}`; }
    catch (error) { showError(error.message); }
  };
}

let lastNarration = null;
async function drawTable(update) {
  showError();
  const you = update.seat === null ? "spectator" : `seat ${update.seat}`;
  const turn = update.status === "finished" ? "game over" : update.status === "waiting" ? "waiting for players"
    : update.owes ? "your move" : `waiting for seat ${update.owing.join(", ")}`;
  $("#status").textContent = `${update.view.game} — you are ${you} — move ${update.ply} — ${turn}`;
  $("#status").dataset.status = update.status; $("#status").dataset.ply = update.ply;
  $("#seatlist").replaceChildren(...update.seats.map((s) =>
    el("span", { class: s.seat === update.seat ? "you counter" : "counter" }, `seat ${s.seat}: ${s.label}`)));
  const board = $("#board"); board.replaceChildren();
  const game = (lobbyData && lobbyData.games.find((g) => g.game === update.view.game)) || null;
  let drawn = false;
  if (game && game.renderer) {
    try {
      renderers[game.game] ||= await import(game.renderer);
      drawn = renderers[game.game].render(update, board, { el, drawZone }) === true;
    } catch (error) { console.warn("game renderer failed; drawing generically", error); }
  }
  if (!drawn) for (const [name, value] of Object.entries(update.view.fields)) board.append(drawField(name, value, update));
  const legal = $("#legal"); legal.replaceChildren();
  for (const move of update.legal) {
    legal.append(el("button", { class: "move", onclick: () => {
      legal.querySelectorAll("button").forEach((b) => { b.disabled = true; });
      socket.send(JSON.stringify({ type: "move", action: move.action, ply: update.ply }));
    } }, move.text));
  }
  if (update.narration && update.ply !== lastNarration) {
    lastNarration = update.ply; $("#narration").prepend(el("li", {}, update.narration));
  }
  $("#result").textContent = update.result ? resultText(update.result) : "";
  $("#rematch").hidden = !(update.status === "finished" && update.seat !== null);
  if (update.rematch) $("#result").append(el("div", {}, `rematch: match ${update.rematch} — join it from the lobby`));
}

function resultText(result) {
  if (result.forfeit) return `seat ${result.forfeit.seat} forfeits (${result.forfeit.reason}); winners: ${result.winners.join(", ")}`;
  return `winners: ${result.winners.join(", ") || "none"} — scores: ${result.scores.join(", ")}`;
}

// -- drawing any view generically ----------------------------------------------------------------
const card = (value) => el("span", { class: "card", "data-card": JSON.stringify(value) }, String(value));
const back = () => el("span", { class: "card back", title: "hidden card" }, "?");

function drawZone(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  if ("rows" in value && "cols" in value && "cells" in value) {
    const grid = el("div", { class: "grid", style: `grid-template-columns: repeat(${value.cols}, 2em)` });
    for (const cell of value.cells) grid.append(el("div", { class: "cell", "data-cell": JSON.stringify(cell) }, cell === null ? "" : String(cell)));
    return grid;
  }
  if ("counts" in value) {
    return el("span", {}, ...value.counts.map(([key, count]) => el("span", { class: "counter" }, `${key}: ${count}`)));
  }
  if ("layers" in value) {
    return el("span", { class: "row" }, ...value.layers.map((layer) => el("span", { class: "layer" }, ...layer.map(card))));
  }
  if ("slots" in value) {
    return el("span", { class: "row" }, ...value.slots.map((slot) => el("span", { class: "layer" }, ...slot.map(card))));
  }
  if ("piles" in value) {
    return el("span", { class: "row" }, ...value.piles.map(([key, pile]) => el("span", { class: "layer", title: String(key) }, ...pile.map(card))));
  }
  if ("size" in value) {
    if (Array.isArray(value.cards)) return el("span", { class: "row" }, ...value.cards.map(card));
    if (!("ordered" in value)) {  // a face-down pile: one back and how many
      return el("span", { class: "row" }, ...(value.size ? [back()] : []), el("span", { class: "counter" }, `× ${value.size}`));
    }
    // Hidden cards: backs, with the cards this viewer knows shown face up.
    const known = (value.known || []).map((k) => (Array.isArray(k) ? k[k.length - 1] : k));
    const row = el("span", { class: "row" }, ...known.map(card));
    for (let i = known.length; i < value.size; i++) row.append(back());
    return row;
  }
  return null;
}

function drawField(name, value, update) {
  const zone = el("div", { class: "zone", "data-field": name }, el("span", { class: "name" }, name));
  if (Array.isArray(value) && value.length && value.every((v) => drawZone(v) !== null)) {
    value.forEach((v, i) => {
      const label = value.length === update.seats.length ? `seat ${i}${i === update.seat ? " (you)" : ""}` : String(i);
      zone.append(el("div", { class: "zone", "data-field": `${name}[${i}]` }, el("span", { class: "name" }, label), drawZone(v)));
    });
    return zone;
  }
  zone.append(drawZone(value) || el("span", {}, JSON.stringify(value)));
  return zone;
}

// -- routing -------------------------------------------------------------------------------------
async function route() {
  showError();
  const table = location.hash.match(/^#table\/([0-9a-f]+)$/);
  if (!lobbyData) lobbyData = await api("/api/lobby");
  if (table) openTable(table[1]);
  else { if (socket) { socket.close(); socket = null; } await showLobby(); }
}
$("#create").addEventListener("submit", create);
window.addEventListener("hashchange", route);
route();

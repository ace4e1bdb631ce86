// Linko drawn as itself for `meeple server` (see docs/server.md, "A game's own renderer").
//
// Each seat: its hand (yours face up; another's as backs with the cards everyone knows), its
// tableau as layers with the top layer framed, the paw beside the active seat. The middle: the
// display's slots, the draw pile, the discard, the Duel's Ghost Zone, and cards on their way in a
// steal. You move by touching: select cards of one value (jokers join any set) and press Play;
// click a display slot or the pile to draw; click a ghost pile to take it; take or leave a steal.
const JOKER = 14;

export const cardName = (card) => (card === JOKER ? "Joker" : String(card));

// What the seat that owes is deciding, in words (the pending decision's tag).
const DECIDING = {
  play_cards: "play a set of cards", choose_ghost_pile: "choose a ghost pile to take",
  take_or_leave: "take the stolen cards or leave them", back_or_discard: "take the cards back or discard them",
  draw_cards: "draw cards", no_steal_draw: "draw a card or not",
};

// The play action that puts exactly `cards` (numbers and jokers) on the tableau, if legal.
function playFor(moves, cards) {
  const jokers = cards.filter((c) => c === JOKER).length;
  const naturals = cards.filter((c) => c !== JOKER);
  return moves.find(({ action: a }) => a.jokers === jokers && a.naturals === naturals.length
    && (naturals.length ? naturals.every((c) => c === a.value) : a.value === JOKER));
}

export function Board({ update, previous, play, kit, seatName }) {
  const { html, Card, Pile, HiddenHand, Zone, MoveButton, useSelection, movesOf } = kit;
  const f = update.view.fields;
  const me = update.seat;
  const decision = update.view.pending[0]?.type;
  const hand = me !== null ? [...f.hands[me].cards].sort((a, b) => a - b) : [];
  const selection = useSelection(`${update.view.pending[0]?.type}/${update.owes}/${JSON.stringify(hand)}`);
  const plays = movesOf(update, "play");
  const chosen = selection.selected.map((i) => hand[i]);
  const ready = chosen.length ? playFor(plays, chosen) : null;
  const slotMoves = new Map(movesOf(update, "draw_display").map((m) => [m.action.slot, m]));
  const pileMove = movesOf(update, "draw_pile")[0];
  const ghostMoves = new Map(movesOf(update, "take_ghost").map((m) => [m.action.value, m]));
  const others = update.legal.filter((m) => ["take_stolen", "leave_stolen", "take_back", "discard", "decline"].includes(m.action.type));
  const before = previous?.view.fields;
  const face = (card, extra = {}) => html`<${Card} card=${card} name=${cardName(card)} kind=${card === JOKER ? "joker" : ""} ...${extra} />`;

  const prompt = update.owes
    ? html`<div class="prompt" id="prompt"><strong>Your turn:</strong> ${DECIDING[decision] || decision}.
        ${plays.length ? html` Select cards of one value (jokers join any set).
          <button type="button" class="act primary" id="play" disabled=${!ready} onClick=${() => play(ready.action)}>
            ${ready ? ready.text.replace(/^play/, "Play") : chosen.length ? "not a legal set" : "Play"}</button>` : ""}
        ${slotMoves.size || pileMove ? " Click a display slot or the pile." : ""}
        ${ghostMoves.size ? " Click a ghost pile." : ""}
        ${others.map((m) => html` <${MoveButton} move=${m} play=${play} />`)}</div>`
    : update.status === "playing"
      ? html`<div class="prompt">${update.owing.map(seatName).join(", ")} ${update.owing.length > 1 ? "are" : "is"} to ${DECIDING[decision] || decision}.</div>` : "";

  const seat = (s) => {
    const zone = f.hands[s];
    const own = s === me;
    const layers = f.tableaux[s].layers;
    const changed = before && JSON.stringify(before.tableaux[s]) !== JSON.stringify(f.tableaux[s]);
    return html`<section class="seat-area" aria-label=${`${seatName(s)}'s hand and tableau`}>
      <h3 class="zone-title">${seatName(s)}${f.active === s ? html`<span class="badge paw" title="the paw card marks whose turn it is">holds the paw</span>` : ""}
        <span class="count"> · ${zone.size} in hand · ${layers.reduce((n, l) => n + l.length, 0)} in tableau</span></h3>
      <div class="zone sub" data-field=${`hands[${s}]`}><span class="zone-title">hand</span><div class="row">
        ${own ? hand.map((card, i) => face(card, plays.length
          ? { selected: selection.selected.includes(i), onClick: () => selection.toggle(i), label: `${cardName(card)}${selection.selected.includes(i) ? ", selected" : ""}` }
          : {}))
          : html`<${HiddenHand} zone=${zone} nameOf=${cardName} />`}</div></div>
      <div class="zone sub" data-field=${`tableaux[${s}]`}><span class="zone-title">tableau</span><div class="row">
        ${layers.length ? layers.map((layer, i) => {
          const top = i === layers.length - 1;
          return html`<span class=${top ? "layer top" : "layer"} aria-label=${`${top ? "top layer" : `layer ${i + 1}`}: ${layer.map(cardName).join(", ")}`}>
            ${layer.map((card) => face(card, { fresh: top && changed }))}${top ? html`<span class="tag">top</span>` : ""}</span>`;
        }) : html`<span class="count">empty</span>`}</div></div>
    </section>`;
  };

  return html`<div class="linko">
    ${prompt}
    <div class="middle">
      <${Zone} title="display and draw pile" field="display">
        ${f.display.slots.map((slot, i) => {
          const move = slotMoves.get(i);
          const label = `display slot ${i + 1}: ${slot.length ? slot.map(cardName).join(" and ") : "empty"}`;
          return move
            ? html`<button type="button" class="slot" data-slot=${i} aria-label=${`take ${label}`} onClick=${() => play(move.action)}>${slot.map((c) => face(c))}</button>`
            : html`<span class="slot" data-slot=${i} role="group" aria-label=${label}>${slot.map((c) => face(c))}</span>`;
        })}
        <${Pile} size=${f.draw_pile.size} label="draw pile" onClick=${pileMove ? () => play(pileMove.action) : undefined} />
      </${Zone}>
      ${f.stolen.size ? html`<${Zone} title="stolen cards, on their way" field="stolen" extra="steal">${f.stolen.cards.map((c) => face(c))}</${Zone}>` : ""}
      ${f.ghost.piles.length || ghostMoves.size ? html`<${Zone} title="Ghost Zone" field="ghost">
        ${f.ghost.piles.map(([value, cards]) => {
          const move = ghostMoves.get(value);
          const label = `ghost pile of ${cardName(value)}s: ${cards.length} card${cards.length === 1 ? "" : "s"}`;
          return move ? html`<button type="button" class="slot" data-ghost=${value} aria-label=${`take the ${label}`} onClick=${() => play(move.action)}>${cards.map((c) => face(c))}</button>`
            : html`<span class="slot" role="group" aria-label=${label}>${cards.map((c) => face(c))}</span>`;
        })}</${Zone}>` : ""}
      <${Zone} title="discard" field="discard">${f.discard.size ? face(f.discard.cards[f.discard.cards.length - 1]) : ""}<span class="count">${f.discard.size} card${f.discard.size === 1 ? "" : "s"}</span>
        ${f.removed.size ? html`<span class="count"> · ${f.removed.size} removed from the game</span>` : ""}</${Zone}>
    </div>
    ${me !== null ? seat(me) : ""}
    ${f.hands.map((_, s) => (s === me ? "" : seat(s)))}
    ${update.result ? "" : html`<p class="count">turn ${f.turn + 1}</p>`}
  </div>`;
}

// The end of the game by rule 11: tableau cards minus hand cards (the hands are laid down: the
// server shows them face up once the game is over), ties by the `ties` option; and why it ended.
const ENDED = {
  hand_empty: "a player emptied their hand (rule 5)",
  supply_exhausted: "the draw pile and the display ran out (rule 8)",
  turn_cap: "the turn cap was reached (rule 12)",
};

export function Breakdown({ update, kit, seatName }) {
  const { html } = kit;
  const f = update.view.fields;
  const tableau = (s) => f.tableaux[s].layers.reduce((n, l) => n + l.length, 0);
  const ties = update.options?.ties === "shared" ? "equal scores share the win"
    : "equal scores: fewer cards in hand wins, then they share the win";
  return html`<p>Score = cards in the tableau − cards in hand (rule 11; ${ties}).${ENDED[f.ended] ? ` The game is over: ${ENDED[f.ended]}.` : ""}</p>
    <ul>${f.hands.map((hand, s) => html`<li>${seatName(s)}: ${tableau(s)} in the tableau − ${hand.size} in hand = <strong>${tableau(s) - hand.size}</strong>${
      hand.cards?.length ? ` (hand: ${[...hand.cards].sort((a, b) => a - b).map(cardName).join(", ")})` : ""}</li>`)}</ul>`;
}

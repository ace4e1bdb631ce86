// The generic table: any game's view, for a game without a renderer of its own. It draws only the
// fields the game declares for people (`Game.shown_fields`; every field when it declares none),
// names cards as the game names them (`Game.card_names`), and draws each zone by its shape:
// hands and piles as rows of cards (hidden ones as backs, the known ones face up), tableaux and
// displays as groups, keyed piles, grids, counters; anything else as text. A seat out of the game
// has an "out" badge beside its zones. Moves are made from the move list under it.
import * as kit from "./kit.js";

const { html, Card, Pile, HiddenHand, OutBadge } = kit;

export function GenericBoard({ update, fields, cardNames, seatName }) {
  const nameOf = (card) => (cardNames && cardNames[JSON.stringify(card)]) ?? String(card);
  const shown = Object.entries(update.view.fields).filter(([name]) => !fields || fields.includes(name));
  return html`<div class="generic">${shown.map(([name, value]) => html`<${Field} name=${name} value=${value}
    update=${update} nameOf=${nameOf} seatName=${seatName} />`)}</div>`;
}

function Field({ name, value, update, nameOf, seatName }) {
  const title = name.replaceAll("_", " ");
  if (Array.isArray(value) && value.length && value.every(isZone)) {
    const perSeat = value.length === update.seats.length;
    return html`<section class="zone" data-field=${name}><h3 class="zone-title">${title}</h3>
      ${value.map((zone, i) => html`<div class="zone sub" data-field=${`${name}[${i}]`}>
        <span class="zone-title">${perSeat ? seatName(i) : String(i)}${perSeat ? html` <${OutBadge} update=${update} seat=${i} />` : ""}</span><div class="row"><${ZoneView} zone=${zone} nameOf=${nameOf} /></div></div>`)}
    </section>`;
  }
  return html`<section class="zone" data-field=${name}><h3 class="zone-title">${title}</h3>
    <div class="row">${isZone(value) ? html`<${ZoneView} zone=${value} nameOf=${nameOf} />` : html`<span>${plain(value)}</span>`}</div></section>`;
}

const isZone = (value) => value !== null && typeof value === "object" && !Array.isArray(value)
  && ["rows", "counts", "layers", "slots", "piles", "size"].some((key) => key in value);

const plain = (value) => (value === null ? "—" : typeof value === "boolean" ? (value ? "yes" : "no")
  : typeof value === "string" ? value : JSON.stringify(value));

function ZoneView({ zone, nameOf }) {
  const face = (card) => html`<${Card} card=${card} name=${nameOf(card)} />`;
  if ("rows" in zone) {
    return html`<div class="grid" role="grid" style=${`grid-template-columns: repeat(${zone.cols}, 2em)`}>${zone.cells.map((cell, i) =>
      html`<div class="cell" role="gridcell" aria-label=${`row ${Math.floor(i / zone.cols)} column ${i % zone.cols}: ${cell === null ? "empty" : nameOf(cell)}`}
        data-cell=${JSON.stringify(cell)}>${cell === null ? "" : nameOf(cell)}</div>`)}</div>`;
  }
  if ("counts" in zone) return html`${zone.counts.map(([key, count]) => html`<span class="counter">${nameOf(key)}: ${count}</span>`)}`;
  if ("layers" in zone) return html`${zone.layers.map((layer) => html`<span class="layer">${layer.map(face)}</span>`)}`;
  if ("slots" in zone) return html`${zone.slots.map((slot) => html`<span class="layer">${slot.map(face)}</span>`)}`;
  if ("piles" in zone) return html`${zone.piles.map(([key, pile]) => html`<span class="layer" title=${String(key)}>${pile.map(face)}</span>`)}`;
  if (Array.isArray(zone.cards)) return html`${zone.cards.map(face)}`;
  if (!("ordered" in zone)) return html`<${Pile} size=${zone.size} label="face-down pile" />`;
  return html`<${HiddenHand} zone=${zone} nameOf=${nameOf} />`;
}


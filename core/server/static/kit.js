// The kit every table renderer receives as `kit` (a game's own renderer and the generic one):
// `html` (htm bound to Preact), Preact's hooks, and the few parts every card game needs.
// A renderer never imports this file: the table hands it over, so a plugin's renderer is one
// self-contained module. See docs/server.md, "A game's own renderer".
import { h, Fragment } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import htm from "htm";

export const html = htm.bind(h);
export { Fragment, useEffect, useMemo, useRef, useState };

// A card face. With `onClick` it is a button (focusable, Enter/Space work, `aria-pressed` when it
// can be selected); without, a labelled image. `name` is what it shows, `label` what a screen
// reader says (default: name). `data-card` keeps the card's JSON for tests and tools.
export function Card({ card, name, label, selected, onClick, disabled, fresh, kind, title }) {
  const classes = ["card", kind || "", selected ? "selected" : "", fresh ? "fresh" : ""].join(" ").trim();
  const text = name ?? String(card);
  const spoken = (label ?? text) + (fresh ? ", just played" : "");
  if (onClick) {
    return html`<button type="button" class=${classes} data-card=${JSON.stringify(card)} aria-label=${spoken}
      aria-pressed=${selected === undefined ? undefined : String(!!selected)} disabled=${disabled}
      title=${title} onClick=${onClick}>${text}${selected ? html`<span class="tick" aria-hidden="true">✓</span>` : ""}</button>`;
  }
  return html`<span class=${classes} role="img" data-card=${JSON.stringify(card)} aria-label=${spoken} title=${title}>${text}</span>`;
}

// A face-down card.
export function Back({ label }) {
  return html`<span class="card back" role="img" aria-label=${label || "hidden card"}>?</span>`;
}

// A face-down pile: one back and how many (a button when it can be clicked).
export function Pile({ size, label, onClick, disabled }) {
  const text = `${label}: ${size} card${size === 1 ? "" : "s"}`;
  if (onClick) {
    return html`<button type="button" class="pile" aria-label=${text} disabled=${disabled} onClick=${onClick}>
      <span class="card back" aria-hidden="true">?</span><span class="count">× ${size}</span></button>`;
  }
  return html`<span class="pile" role="img" aria-label=${text}><span class="card back" aria-hidden="true">?</span><span class="count">× ${size}</span></span>`;
}

// A hidden hand (a HandView without cards): the cards this viewer knows face up, backs for the
// rest. `known` holds cards, or [position, card] pairs for an ordered hand.
export function HiddenHand({ zone, nameOf }) {
  const known = zone.known || [];
  if (zone.ordered && known.length && Array.isArray(known[0])) {
    const at = new Map(known.map(([position, card]) => [position, card]));
    return html`${[...Array(zone.size).keys()].map((i) => at.has(i)
      ? html`<${Card} card=${at.get(i)} name=${nameOf(at.get(i))} label=${`${nameOf(at.get(i))}, known to all`} />`
      : html`<${Back} />`)}`;
  }
  return html`${known.map((card) => html`<${Card} card=${card} name=${nameOf(card)} label=${`${nameOf(card)}, known to all`} />`)}${
    [...Array(Math.max(0, zone.size - known.length))].map(() => html`<${Back} />`)}`;
}

// Which cards of a list are selected, by index; cleared whenever `key` changes (a new update).
export function useSelection(key) {
  const [selected, setSelected] = useState([]);
  const [at, setAt] = useState(key);
  if (at !== key) { setAt(key); setSelected([]); }
  const toggle = (i) => setSelected(selected.includes(i) ? selected.filter((j) => j !== i) : [...selected, i]);
  return { selected: at === key ? selected : [], toggle, clear: () => setSelected([]), set: setSelected };
}

// The legal moves of one type (by the action's `type` tag).
export const movesOf = (update, type) => update.legal.filter((move) => move.action.type === type);

// Two lists holding the same items, in any order.
export function sameItems(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((item, i) => JSON.stringify(item) === JSON.stringify(y[i]));
}

// "out" beside a seat that is out of the game (`update.eliminated`: the seats out, in the order
// they went out); nothing for a seat still in.
export function OutBadge({ update, seat }) {
  return (update.eliminated || []).includes(seat)
    ? html`<span class="badge out" data-eliminated=${seat} title="out of the game">out</span>` : "";
}

// A button for one legal move (a decision's "take", "leave", "pass"...), labelled by the move.
export function MoveButton({ move, play, label, primary }) {
  return html`<button type="button" class=${primary ? "act primary" : "act"} data-action=${JSON.stringify(move.action)}
    onClick=${() => play(move.action)}>${label || move.text}</button>`;
}

// A titled area of the table.
export function Zone({ title, field, children, extra }) {
  return html`<section class=${`zone ${extra || ""}`} data-field=${field} aria-label=${title}>
    <h3 class="zone-title">${title}</h3><div class="row">${children}</div></section>`;
}

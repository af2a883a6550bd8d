// The magic module's part of Merlin's table (MERLIN-MODULES.md §2), drawn from the view's `magic`
// section: labs with their grants and credits, Spell Shops and Breweries, golems on their stacks
// with hit points, potions set face down, the hands of spells, recipes and potions (the cards for
// one's own seat, counts for the others), readings on the field, the regulations sheet, crowns,
// maintenance, and a vote under way. Also the words for the choices of magic moves' forms.
import { el, fillSeats } from "../api.js";
import { caption, cardEl, cardName, dot, name } from "./merlin-kit.js";

export const MAGIC_STYLE = `
.mg-pile { display: flex; flex-direction: column; align-items: flex-start; max-width: 190px; }
.mg-tags { list-style: none; margin: 2px 0 6px; padding: 0; font-size: 12px; line-height: 1.3; }
.mg-tags li { margin: 1px 0; padding: 0 5px; border-radius: 6px; background: #f4f1e6; }
.mg-tags li.hp { background: #e7f5e9; font-weight: 600; }
.mg-tags li.hp.hurt { background: #fbe3df; color: #8e1d14; }
.mg-tags li.attack { background: #fde8e4; }
.mg-tags li.defend { background: #e4ecf8; }
.mg-tags li.potion { background: #efe6fb; }
.mg-tags li.note { background: none; color: #6b7280; padding: 0; }
.mg-tags li.curse { background: #fff1c2; }
.mg-row { margin-top: 6px; padding-top: 6px; border-top: 1px dashed #d9d3c0; }
.mg-row > .muted:first-child { display: block; margin-bottom: 2px; }
.mg-labs { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: flex-start; }
.mg-labs .me-stack { height: 78px; margin-right: 0; }
.mg-hand { list-style: none; padding: 0; margin: 0; display: grid; gap: 4px; }
.mg-hand li { background: #f6f1ff; border-radius: 8px; padding: 3px 8px; }
.mg-hand li b { margin-right: 6px; }
.mg-hand .kind { font-size: 12px; color: #5b4b8a; margin-right: 6px; text-transform: uppercase; letter-spacing: .03em; }
.mg-hand .text { display: block; font-size: 13px; color: #374151; }
.mg-counts { margin: 0; }
.mg-field { display: grid; gap: 6px; margin: 0 0 8px; padding: 0; list-style: none; }
.mg-reading { border-radius: 8px; padding: 4px 8px; border-left: 5px solid #9a7b4f; background: #f7f1e3; }
.mg-reading.crystal { border-left-color: #6a5acd; background: #f0eefc; }
.mg-reading .kind { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: #6b7280; }
.mg-reading .text { display: block; font-size: 13px; }
.mg-reading .waiver { display: block; font-size: 12px; color: #6b7280; }
.mg-sheet { margin: 0 0 8px; padding-left: 1.2em; font-size: 14px; }
.mg-sheet li { margin: 2px 0; }
.mg-root h4 { margin: 10px 0 4px; font-size: 14px; }
.mg-root details summary { cursor: pointer; font-weight: 600; font-size: 14px; margin-top: 8px; }
.mg-root details dl { margin: 4px 0; font-size: 13px; }
.mg-root details dt { font-weight: 600; margin-top: 4px; }
.mg-root details dd { margin: 0 0 0 10px; color: #374151; }
.me-mat .badge.mg-crown { background: #f7dc6f; }
#mg-ballot .mg-choices { margin: 4px 0; padding-left: 1.2em; }
.me-move h4.mg-part { margin: 10px 0 0; padding-top: 6px; border-top: 2px solid #d9cfb0; font-size: 13px;
  text-transform: uppercase; letter-spacing: .05em; color: #5b4b8a; }
.me-move h4.mg-part + .me-group { border-top: 0; }
`;

// --- the catalogue's words ------------------------------------------------------------------

/** The magic section of the view, or null in a game without the module. */
export function magicOf(view) {
  return (view && view.magic) || null;
}

/** A custom card's content name: pickpocket.2 -> pickpocket. */
function kindOf(id) {
  return String(id).replace(/\.\d+$/, "");
}

/** A custom card (spell, recipe, potion, reading) by its id: {title, text}, from the catalogue. */
export function customCard(view, id) {
  const catalogue = (magicOf(view) || {}).catalogue || {};
  const key = kindOf(id);
  for (const group of ["spells", "potions", "readings"]) {
    const found = (catalogue[group] || {})[key];
    if (found) return found;
  }
  return null;
}

const CUSTOM_ID = /^[a-z][a-z0-9_]*\.\d+$/;
const CARD_CODE = /^(10|[2-9AJQK])[CDSH]$|^X\d$/;
const SEAT_FIELDS = new Set(["seat", "to", "target", "player", "ally", "whom"]);
const STEPS = { "-1": "down 1", 0: "no change", 1: "up 1" };
const STEP_FIELDS = new Set(["cost_of_living", "research_cost", "tax_rate"]); // a decree's counters
const BALLOT_FIELDS = new Set(["choice", "proposal"]);
// An empty choice of a magic move, in words (the economy's "on the table by itself" is a place's).
const NONE_WORDS = {
  "open_shop.fee": "closed to others",
  "cast_spell.card": "none: at the player",
  "cast_spell.seat": "none: at the card",
  "set_potion.on": "before you",
};

/** Whose a card on the table is, in words: "Morgan's 3♦", "your 2♠ lab", "Early Thaw (a reading)". */
function cardWhere(update, code) {
  const view = update.view;
  const magic = magicOf(view) || {};
  if (CUSTOM_ID.test(code)) {
    const card = customCard(view, code);
    const reading = (magic.field || []).some((r) => r.card === code);
    return `${card ? card.title : code}${reading ? " (a reading)" : ""}`;
  }
  const lab = (magic.labs || []).find((l) => l.card === code);
  if (lab) return fillSeats(update, `{seat:${lab.owner}}'s ${cardName(code)} ${lab.kind} lab`).replace(/^Your/, "your");
  const seat = view.players.findIndex((p) => p.tableau.some((s) => s.card === code || s.top === code));
  if (seat >= 0) return fillSeats(update, `{seat:${seat}}'s ${cardName(code)}`).replace(/^Your/, "your");
  const what = caption(view, code); // a card in hand: what it is ("J♦, stone golem")
  return what ? `${cardName(code)}, ${what}` : cardName(code);
}

/** A choice of a magic move's form in words, where the engine gave none (its label reads as the
 * value itself): a custom card by its title, a card with whose it is, a seat by name, yes or no. */
export function choiceWords(update, field, value, label, type = "") {
  if (value === null && NONE_WORDS[`${type}.${field}`]) return NONE_WORDS[`${type}.${field}`];
  if (typeof value === "string" && (CUSTOM_ID.test(value) || (CARD_CODE.test(value) && label === cardName(value)))) {
    return cardWhere(update, value);
  }
  const plain = label === undefined || label === null || label === String(value);
  if (typeof value === "boolean" || label === "True" || label === "False") {
    const yes = value === true || label === "True";
    if (field === "credit") return yes ? "credit it to its lab" : "reshuffle it";
    return yes ? "yes" : "no";
  }
  if (!plain) return fillSeats(update, label);
  const ballot = (magicOf(update.view) || {}).ballot;
  if (ballot && ballot.words && BALLOT_FIELDS.has(field) && ballot.words[value] !== undefined) return fillSeats(update, ballot.words[value]);
  if (value === null) return field === "on" ? "before you" : "none";
  if (typeof value === "number" && SEAT_FIELDS.has(field)) return fillSeats(update, `{seat:${value}}`);
  if (typeof value === "string" && CUSTOM_ID.test(value)) {
    const card = customCard(update.view, value);
    return card ? card.title : value.replace(/\.\d+$/, "").replaceAll("_", " ");
  }
  if (typeof value === "string" && CARD_CODE.test(value)) return cardName(value);
  if (typeof value === "string") return value.replaceAll("_", " ");
  return String(value);
}

/** Whether a field moves a counter by −1, 0 or +1 (a decree's). */
function stepped(field, choices) {
  const small = choices.every((c) => c === -1 || c === 0 || c === 1);
  return small && (STEP_FIELDS.has(field) || choices.includes(-1));
}

/** A form's fields with every choice in words; a field of −1, 0 and +1 (a decree's counters)
 * becomes a choice of down 1, no change, up 1, with no change chosen (`value`). */
export function hintsInWords(update, fields, type = "") {
  const out = {};
  for (const [field, hint] of Object.entries(fields || {})) {
    const choices = hint.choices || (hint.min === -1 && hint.max === 1 && hint.places === undefined ? [-1, 0, 1] : null);
    if (choices && stepped(field, choices)) {
      out[field] = { label: hint.label, choices, labels: choices.map((v) => STEPS[v]), value: choices.includes(0) ? 0 : undefined };
    } else if (hint.choices) {
      out[field] = { ...hint, labels: hint.choices.map((c, i) => choiceWords(update, field, c, (hint.labels || [])[i], type)) };
    } else out[field] = hint;
  }
  return out;
}

/** The values a form starts with: no change for a decree's counters. */
export function startingValues(hints) {
  return Object.fromEntries(Object.entries(hints).filter(([, h]) => h.value !== undefined).map(([n, h]) => [n, h.value]));
}

/** The heading a magic move comes under in the list of moves, or null for the economy's. */
const PARTS = {
  fund_lab: "Labs",
  found_shop: "Spell Shops and Breweries",
  sell_spell: "Spell Shops and Breweries",
  open_shop: "Spell Shops and Breweries",
  sell_mead: "Spell Shops and Breweries",
  cast_spell: "Spells",
  brew: "Potions",
  set_potion: "Potions",
  play_golem: "Golems",
  ally: "Golems",
  play_decree: "Royal decrees and crowns",
  reclaim: "Royal decrees and crowns",
  use_crown: "Royal decrees and crowns",
  monarchy: "Royal decrees and crowns",
  call_vote: "Table votes",
};

export function moveHeading(type) {
  return PARTS[type] || null;
}

// --- a player's mat ----------------------------------------------------------------------------

/** Badges beside a player's name: crowns, maintenance owed to the central bank. */
export function matBadges(update, seat) {
  const magic = magicOf(update.view);
  if (!magic) return [];
  const crowns = magic.crowns[seat] || 0;
  const owed = (magic.bank_debt || [])[seat] || 0;
  return [
    crowns ? el("span", { class: "badge mg-crown", title: `${magic.monarchy_crowns} crowns make a monarchy and win the game` },
      `♛ ${crowns} crown${crowns === 1 ? "" : "s"}`) : null,
    owed ? el("span", { class: "badge me-bad", title: "unpaid maintenance of Spell Shops and Breweries" },
      `owes the central bank ${owed} gold`) : null,
  ];
}

/** What lies on and under a stack beyond its cards: hit points, golems, potions, spells' marks. */
function stackTags(update, seat, stack) {
  const view = update.view;
  const magic = magicOf(view);
  const tags = [];
  const hp = (magic.stacks || []).find((s) => s.seat === seat && s.on === stack.card);
  if (hp) {
    tags.push(el("li", { class: `hp${hp.hp < hp.hp_full ? " hurt" : ""}`, "data-hp": hp.hp },
      `${hp.hp} of ${hp.hp_full} hit point${hp.hp_full === 1 ? "" : "s"} left`));
    if (hp.ruined) tags.push(el("li", { class: "note" }, "In ruins: it yields nothing until healed"));
    else if (hp.entrenched) tags.push(el("li", { class: "note" }, "Entrenched: it yields nothing"));
    else if (hp.damaged) tags.push(el("li", { class: "note" }, "Damaged: no gold until healed"));
    if (!hp.ruined && !hp.entrenched && hp.held_by !== null && hp.held_by !== undefined) {
      tags.push(el("li", { class: "note" }, fillSeats(update, `Its yield goes to {seat:${hp.held_by}}`)));
    }
  }
  for (const golem of magic.golems.filter((g) => g.seat === seat && g.on === stack.card)) {
    const verb = golem.role === "attack" ? "attacks" : "defends";
    tags.push(el("li", { class: golem.role, "data-golem": golem.card, title: `It acts on a roll of ${golem.acts_on}` },
      `${fillSeats(update, `{seat:${golem.owner}}'s`)} ${golem.title} ${cardName(golem.card)} ${verb} it: ${golem.hp} HP`));
  }
  for (const potion of magic.set_potions.filter((p) => p.owner === seat && p.on === stack.card)) {
    tags.push(el("li", { class: "potion", title: potion.potion ? potion.potion.effect : "only its owner knows which" },
      potion.potion ? `${potion.potion.title}, set face down` : "A potion set face down"));
  }
  for (const effect of (magic.effects || []).filter((e) => e.card === stack.card)) {
    tags.push(el("li", { class: "curse", title: effect.text }, `${effect.title} on it`));
  }
  const shop = (magic.shops || []).find((s) => s.seat === seat && s.on === stack.card);
  if (shop) {
    tags.push(el("li", { class: "note" }, `${shop.title}: ${shop.text}`));
    if (shop.open_fee !== null && shop.open_fee !== undefined) tags.push(el("li", { class: "note" }, `Open to others for a fee of ${shop.open_fee} gold`));
  }
  return tags;
}

/** A stack with what the magic module adds to it, listed under it. */
export function pileEl(update, seat, stack, stackEl) {
  const magic = magicOf(update.view);
  if (!magic) return stackEl;
  const tags = stackTags(update, seat, stack);
  return el("div", { class: "mg-pile", "data-stack": stack.card }, stackEl, tags.length ? el("ul", { class: "mg-tags" }, tags) : null);
}

/** The caption of a stack's top card: a Spell Shop or a Brewery for a lab on a property. */
export function shopTitle(update, seat, stack) {
  const magic = magicOf(update.view);
  const shop = magic && (magic.shops || []).find((s) => s.seat === seat && s.on === stack.card);
  return shop ? shop.title : null;
}

function labEl(update, lab) {
  const view = update.view;
  const tags = [
    el("li", { class: lab.grant ? "hp" : "note" }, lab.grant ? `grant ${lab.grant} gold` : "unfunded"),
    el("li", { class: lab.successful ? "hp" : "" }, lab.successful ? `successful (${lab.credits} credits)` : `${lab.credits} of ${lab.successful_at} credits`),
  ];
  return el("div", { class: "mg-pile", "data-lab": lab.card, title: lab.text },
    el("div", { class: "me-stack flat" }, cardEl(view, lab.card, "", `${lab.kind} lab`)),
    el("ul", { class: "mg-tags" }, tags));
}

function handItem(kind, card) {
  return el("li", { "data-custom": card.card },
    el("span", { class: "kind" }, kind), el("b", {}, card.title),
    card.recipe && kind === "recipe" ? el("span", { class: "muted" }, `brew with ${card.recipe}`) : null,
    el("span", { class: "text" }, card.text));
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Rows under a player's cards: labs, potions set before them, their hand of magic cards. */
export function matRows(update, seat) {
  const view = update.view;
  const magic = magicOf(view);
  if (!magic) return [];
  const rows = [];
  const labs = magic.labs.filter((l) => l.owner === seat);
  if (labs.length) rows.push(el("div", { class: "mg-row", "data-part": "labs" }, el("span", { class: "muted" }, "Labs:"),
    el("div", { class: "mg-labs" }, labs.map((lab) => labEl(update, lab)))));
  const before = magic.set_potions.filter((p) => p.owner === seat && p.on === null);
  if (before.length) rows.push(el("div", { class: "mg-row", "data-part": "potions-set" },
    el("ul", { class: "mg-tags" }, before.map((p) => el("li", { class: "potion", title: p.potion ? p.potion.effect : "only its owner knows which" },
      p.potion ? `${p.potion.title}, set face down before you` : "A potion set face down before them")))));
  const hand = magic.hands[seat];
  if (hand && hand.spells_held) {
    const items = [
      ...hand.spells_held.map((c) => handItem("spell", c)),
      ...hand.recipes_held.map((c) => handItem("recipe", c)),
      ...hand.potions_held.map((c) => handItem("potion", c)),
    ];
    rows.push(el("div", { class: "mg-row", "data-part": "magic-hand" }, el("span", { class: "muted" }, "Your magic cards (secret):"),
      items.length ? el("ul", { class: "mg-hand" }, items) : el("span", { class: "muted" }, " none yet")));
  } else if (hand) {
    const counts = [plural(hand.spells, "spell"), plural(hand.recipes, "potion recipe"), plural(hand.potions, "brewed potion")];
    rows.push(el("p", { class: "mg-row mg-counts muted", "data-part": "magic-hand" }, `Magic cards in hand: ${counts.join(", ")} (secret)`));
  }
  const allies = (magic.allies || []).filter(([owner]) => owner === seat).map(([, ally]) => ally);
  if (allies.length) rows.push(el("p", { class: "mg-row muted" },
    fillSeats(update, `{seat:${seat}} lets ${allies.map((a) => `{seat:${a}}`).join(" and ")} defend these stacks with golems`)));
  return rows;
}

// --- the magic table -------------------------------------------------------------------------

function readingEl(update, reading) {
  return el("li", { class: `mg-reading ${reading.kind}`, "data-reading": reading.card },
    el("span", { class: "kind" }, `${reading.kind_title} · revealed on turn ${reading.turn}`), el("br"),
    el("b", {}, reading.title), el("span", { class: "text" }, reading.text),
    el("span", { class: "waiver" }, `${reading.waiver_text}. Either way it is then reshuffled.`));
}

function reference(magic) {
  const cat = magic.catalogue || {};
  const entries = (group, extra = () => "") => Object.values(cat[group] || {}).map((c) => [el("dt", {}, c.title), el("dd", {}, c.text, extra(c))]).flat();
  return el("details", { class: "mg-reference" }, el("summary", {}, "Every magic card and regulation"),
    el("h4", {}, "Spells"), el("dl", {}, entries("spells")),
    el("h4", {}, "Potions"), el("dl", {}, entries("potions", (c) => ` Brewed with ${c.recipe_text}.`)),
    el("h4", {}, "Future readings"), el("dl", {}, entries("readings", (c) => ` ${c.waiver_text}.`)),
    el("h4", {}, "Regulations a decree may add"), el("dl", {}, entries("regulations")));
}

/** The magic table: its counters, the field of readings, the regulations sheet, lasting spells. */
export function magicPanel(update) {
  const view = update.view;
  const magic = magicOf(view);
  if (!magic) return null;
  const stats = [
    ["maintenance", `${magic.maintenance} gold`],
    ["volatility", magic.volatility],
    ["Jokers (tax men)", magic.jokers_in ? "in the deck" : "out of the deck"],
    ["spell deck", `${magic.decks.spells} cards`],
    ["recipe deck", `${magic.decks.recipes} cards`],
    ["readings deck", `${magic.decks.readings} cards`],
  ];
  const cursed = magic.effects || [];
  return el("section", { class: "panel mg-root", id: "mg-table" }, el("h3", {}, "Magic"),
    el("dl", { class: "me-stats" }, stats.map(([k, v]) => el("div", {}, el("dt", {}, k), el("dd", { "data-counter": k }, String(v))))),
    el("h4", {}, "Future readings on the field"),
    magic.field.length ? el("ul", { class: "mg-field", id: "mg-field" }, magic.field.map((r) => readingEl(update, r)))
      : el("p", { class: "muted" }, "None yet: one is revealed after each roll."),
    el("h4", {}, "The regulations sheet"),
    magic.regulations.length ? el("ul", { class: "mg-sheet", id: "mg-regulations" },
      magic.regulations.map((r) => el("li", { "data-regulation": r.name }, el("b", {}, r.title), `: ${r.text}`)))
      : el("p", { class: "muted", id: "mg-regulations" }, "No regulations in force. A royal decree's regulation round adds, changes or deletes one."),
    cursed.length ? el("h4", {}, "Spells and readings still at work") : null,
    cursed.length ? el("ul", { class: "mg-sheet", id: "mg-effects" }, cursed.map((e) => el("li", {},
      el("b", {}, e.title), e.on ? fillSeats(update, ` on ${e.on}`) : "", e.text ? `: ${e.text}` : ""))) : null,
    reference(magic));
}

/** A vote under way: who has voted (never how), this seat's own choice, what is on the ballot. */
export function ballotPanel(update) {
  const magic = magicOf(update.view);
  const ballot = magic && magic.ballot;
  if (!ballot) return null;
  const done = new Set(ballot.sealed);
  const proposing = ballot.kind === "propose";
  const by = ballot.card ? `${name(update, ballot.caller, true)} played ${cardName(ballot.card)}` : `Called by ${name(update, ballot.caller)}`;
  return el("section", { class: "panel", id: "mg-ballot" }, el("h3", {}, ballot.title),
    el("p", { class: "muted" }, `${by}.`),
    ballot.choice_texts && ballot.choice_texts.length ? el("div", {}, "On the ballot:",
      el("ol", { class: "mg-choices" }, ballot.choice_texts.map((t) => el("li", {}, fillSeats(update, t))))) : null,
    el("ul", { class: "me-sealed" }, ballot.voters.map((s) => el("li", { class: done.has(s) ? "done" : "" },
      dot(s), name(update, s, true), done.has(s) ? `: ${proposing ? "proposed" : "voted"} ✓` : ": thinking…"))),
    ballot.mine_text ? el("p", {}, `Your ${proposing ? "proposal" : "vote"}: ${fillSeats(update, ballot.mine_text)}`) : null,
    el("p", { class: "muted" }, ballot.rule));
}

"""The magic module in the terminal (terminal.py draws the rest): labs, golems on their stacks with
hit points, potions set face down, your magic cards, readings on the field, the regulations sheet,
crowns and maintenance, a vote under way, and the words for the choices of magic moves' forms.

Everything comes from the view's `magic` section (magic/view.py), already in the game's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table

from tradingfloor.games.merlin import words

View = Mapping[str, Any]
CUSTOM_ID = re.compile(r"^[a-z][a-z0-9_]*\.\d+$")
CARD_CODE = re.compile(r"^(10|[2-9AJQK])[CDSH]$")
SEAT_FIELDS = ("seat", "to", "target", "player", "ally", "whom")
STEP_FIELDS = ("cost_of_living", "research_cost", "tax_rate")  # a decree's counters
STEPS = {-1: "down 1", 0: "no change", 1: "up 1"}
NONE_WORDS = {
    ("open_shop", "fee"): "closed to others",
    ("cast_spell", "card"): "none: at the player",
    ("cast_spell", "seat"): "none: at the card",
    ("set_potion", "on"): "before you",
}


def _fill(view: View, text: str) -> str:
    """A text of the game's with its seats named ("you" for the seat at the keyboard)."""
    filled = words.fill(text, lambda s: f"Seat {s + 1}", view.get("seat"))
    return filled[:1].upper() + filled[1:]


def _whose(view: View, seat: int) -> str:
    return "your" if seat == view.get("seat") else f"Seat {seat + 1}'s"


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


# --- the players' table ---------------------------------------------------------------------


def shop_words(view: View, seat: int, base: str) -> str:
    """A Spell Shop or a Brewery on a property, and its fee when it is open to others."""
    for shop in view.get("magic", {}).get("shops", []):
        if shop["seat"] == seat and shop["on"] == base:
            fee = shop.get("open_fee")
            return str(shop["title"]) + (f" (open, fee {fee})" if fee is not None else "")
    return ""


def labs_of(view: View, seat: int) -> list[str]:
    """A seat's labs, placed on their own beside its stacks: "3♠ lab (grant 1)"."""
    out = []
    for lab in view.get("magic", {}).get("labs", []):
        if lab["owner"] == seat:
            grant = f"grant {lab['grant']}" if lab["grant"] else "unfunded"
            out.append(f"{words.card(lab['card'])} lab ({grant})")
    return out


def hand_counts(view: View, seat: int) -> str:
    """A seat's magic hand: the cards' titles for your own seat, counts for the others."""
    hand = view["magic"]["hands"][seat]
    if "spells_held" in hand:
        held = [
            c["title"] for group in ("spells", "recipes", "potions") for c in hand[f"{group}_held"]
        ]
        return ", ".join(held) or "none"
    counts = (
        _plural(hand["spells"], "spell"),
        _plural(hand["recipes"], "recipe"),
        _plural(hand["potions"], "potion"),
    )
    return ", ".join(counts)


def seat_state(view: View, seat: int) -> list[str]:
    """Crowns held and maintenance owed to the central bank."""
    magic = view.get("magic")
    if not magic:
        return []
    out = []
    crowns = magic["crowns"][seat] if seat < len(magic["crowns"]) else 0
    if crowns:
        out.append(f"{_plural(crowns, 'crown')} (of {magic['monarchy_crowns']} for a monarchy)")
    owed = magic["bank_debt"][seat] if seat < len(magic["bank_debt"]) else 0
    if owed:
        out.append(f"owes the bank {owed} (maintenance)")
    return out


# --- the magic tables -----------------------------------------------------------------------


def tables(view: View) -> list[RenderableType]:
    """Everything the magic module adds to the table, or nothing in a game without it."""
    magic = view.get("magic")
    if not magic:
        return []
    out: list[RenderableType] = [_counters(magic)]
    for part in (_labs(view), _golems(view), _potions(view), _mine(view), _field(view)):
        if part is not None:
            out.append(part)
    out.append(_sheet(view))
    return out


def _counters(magic: Mapping[str, Any]) -> RenderableType:
    decks = magic["decks"]
    jokers = "in the deck" if magic["jokers_in"] else "out of the deck"
    return Panel(
        f"maintenance {magic['maintenance']} gold   volatility {magic['volatility']}   "
        f"Jokers (tax men) {jokers}\n"
        f"decks: {decks['spells']} spells, {decks['recipes']} recipes, "
        f"{decks['readings']} readings",
        title="Magic",
        expand=False,
    )


def _labs(view: View) -> RenderableType | None:
    labs = view["magic"]["labs"]
    if not labs:
        return None
    table = Table(
        title="Labs",
        caption=f"A funded lab draws its card when its number is rolled, and its grant goes to "
        f"the central bank. {labs[0]['successful_at']} spent cards credited to a lab make it "
        "successful: it may then become a Spell Shop or a Brewery.",
    )
    for heading in ("owner", "lab", "draws", "grant", "credits"):
        table.add_column(heading)
    for lab in labs:
        credits = f"{lab['credits']} of {lab['successful_at']}"
        drawn = "a spell" if lab["kind"] == "spell" else "a potion recipe"
        table.add_row(
            _fill(view, words.seat(lab["owner"])),
            f"{words.card(lab['card'])} {lab['title'].lower()}",
            f"{drawn} on {_a(lab['number'])}",
            f"{lab['grant']} gold" if lab["grant"] else "unfunded",
            credits + (", successful" if lab["successful"] else ""),
        )
    return table


def _golems(view: View) -> RenderableType | None:
    """Each stack with golems or damage: hit points left, its golems, who gets its yield."""
    magic = view["magic"]
    if not magic["stacks"]:
        return None
    table = Table(title="Golems and damage")
    for heading in ("stack", "hit points", "golems on it", "its yield"):
        table.add_column(heading)
    for stack in magic["stacks"]:
        here = [g for g in magic["golems"] if g["seat"] == stack["seat"] and g["on"] == stack["on"]]
        golems = "\n".join(
            f"{_fill(view, words.seat(g['owner']))}'s {g['title']} {words.card(g['card'])} "
            f"{'attacks' if g['role'] == 'attack' else 'defends'} ({g['hp']} HP, "
            f"acts on {g['acts_on']})"
            for g in here
        )
        if stack["ruined"]:
            yields = "nothing (in ruins until healed)"
        elif stack["entrenched"]:
            yields = "nothing (entrenched)"
        elif stack["held_by"] is not None:
            yields = f"goes to {_fill(view, words.seat(stack['held_by']))}"
        else:
            yields = "its owner's"
        if stack["damaged"] and not stack["ruined"] and not stack["entrenched"]:
            yields += ", no gold (damaged)"
        table.add_row(
            f"{_whose(view, stack['seat'])} {words.card(stack['on'])}",
            f"{stack['hp']} of {stack['hp_full']}",
            golems or "-",
            yields,
        )
    return table


def _potions(view: View) -> RenderableType | None:
    set_potions = view["magic"]["set_potions"]
    if not set_potions:
        return None
    lines = []
    for p in set_potions:
        mine = p["owner"] == view.get("seat")
        where = f"under {words.card(p['on'])}" if p["on"] else f"before {'you' if mine else 'them'}"
        owner = _whose(view, p["owner"])
        if p["potion"]:
            lines.append(f"{owner} {p['potion']['title']}, {where}: {p['potion']['effect']}")
        else:
            lines.append(f"{owner} potion, face down {where} (only its owner knows which)")
    return Panel("\n".join(_capital(line) for line in lines), title="Potions set face down")


def _mine(view: View) -> RenderableType | None:
    """Your spells, recipes and brewed potions, each with what it does (secret to the others)."""
    seat = view.get("seat")
    if seat is None:
        return None
    hand = view["magic"]["hands"][seat]
    lines = []
    for group, kind in (("spells", "spell"), ("recipes", "recipe"), ("potions", "potion")):
        for c in hand.get(f"{group}_held", []):
            brew = f" (brew with {c['recipe']})" if kind == "recipe" and c.get("recipe") else ""
            lines.append(f"{kind}: [b]{c['title']}[/b]{brew}: {c['text']}")
    if not lines:
        return None
    return Panel("\n".join(lines), title="Your magic cards (secret)")


def _field(view: View) -> RenderableType | None:
    field = view["magic"]["field"]
    if not field:
        return None
    lines = [
        f"[b]{r['title']}[/b] ({r['kind_title']}, turn {r['turn']}): {r['text']} "
        f"{r['waiver_text']}."
        for r in field
    ]
    return Panel("\n".join(lines), title="Future readings on the field, the first played first")


def _sheet(view: View) -> RenderableType:
    magic = view["magic"]
    lines = [f"[b]{r['title']}[/b]: {r['text']}" for r in magic["regulations"]]
    for e in magic["effects"]:
        on = f" on {_fill(view, e['on'])}" if e["on"] else ""
        lines.append(f"[b]{e['title']}[/b]{on}: {e['text']}")
    return Panel(
        "\n".join(lines) or "No regulations in force.",
        title="The regulations sheet, and spells at work",
        expand=False,
    )


def ballot(view: View) -> list[RenderableType]:
    """A vote under way: who has voted (never how), your own vote, the choices on it."""
    magic = view.get("magic")
    if not magic or not magic["ballot"]:
        return []
    b = magic["ballot"]
    verb = "proposed" if b["kind"] == "propose" else "voted"
    sealed = ", ".join(
        f"{_fill(view, words.seat(s))}: {verb if s in b['sealed'] else 'deciding'}"
        for s in b["voters"]
    )
    caller = "you" if b["caller"] == view.get("seat") else f"Seat {b['caller'] + 1}"
    by = f"{caller} played {words.card(b['card'])}" if b["card"] else f"called by {caller}"
    lines = [_capital(by), sealed]
    if b["choice_texts"]:
        lines.append("on the ballot: " + "; ".join(_fill(view, t) for t in b["choice_texts"]))
    if b["mine_text"]:
        lines.append(f"your {'proposal' if b['kind'] == 'propose' else 'vote'}: {b['mine_text']}")
    lines.append(b["rule"])
    return [Panel("\n".join(lines), title=b["title"])]


def _a(number: int) -> str:
    """ "a 6", "an 8", "an 11": a number as it is said."""
    return f"an {number}" if number in (8, 11, 18) else f"a {number}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- forms ------------------------------------------------------------------------------------


def in_words(view: View, kind: str, name: str, spec: Mapping[str, Any]) -> Mapping[str, Any]:
    """A form field with its choices in words where the engine gave none: a decree's counters as
    down 1, no change, up 1; custom cards by title; cards with whose they are; seats by name."""
    values = spec.get("choices")
    if values is None and spec.get("min") == -1 and spec.get("max") == 1:
        values = [-1, 0, 1]
    if values is None:
        return spec
    small = all(v in (-1, 0, 1) for v in values)
    if small and (name in STEP_FIELDS or -1 in values):
        return {"label": spec["label"], "choices": values, "labels": [STEPS[v] for v in values]}
    labels = spec.get("labels") or [str(v) for v in values]
    return {
        **spec,
        "labels": [_choice(view, kind, name, v, t) for v, t in zip(values, labels, strict=True)],
    }


def _choice(view: View, kind: str, name: str, value: Any, label: str) -> str:
    if value is None and (kind, name) in NONE_WORDS:
        return NONE_WORDS[(kind, name)]
    if isinstance(value, bool) or label in ("True", "False"):
        yes = value is True or label == "True"
        if name == "credit":
            return "credit it to its lab" if yes else "reshuffle it"
        return "yes" if yes else "no"
    ballot = view.get("magic", {}).get("ballot") or {}
    if name in ("choice", "proposal") and value in ballot.get("words", {}):
        return str(ballot["words"][value])
    if isinstance(value, str) and CUSTOM_ID.match(value):
        return _custom_title(view, value)
    if isinstance(value, str) and CARD_CODE.match(value) and label == words.card(value):
        return _card_where(view, value)
    if label != str(value):
        return label
    if isinstance(value, int) and name in SEAT_FIELDS:
        return words.seat(value)
    if isinstance(value, str) and CARD_CODE.match(value):
        return words.card(value)
    return str(value).replace("_", " ")


def _card_where(view: View, code: str) -> str:
    """A card with whose it is: "Seat 2's 8♣", "your 4♣", a lab's owner, or the card alone."""
    for seat, player in enumerate(view.get("players", [])):
        if any(code in (s["card"], s["top"]) for s in player["tableau"]):
            return f"{_whose(view, seat)} {words.card(code)}"
    for lab in view.get("magic", {}).get("labs", []):
        if lab["card"] == code:
            return f"{_whose(view, lab['owner'])} {words.card(code)} lab"
    return words.card(code)


def _custom_title(view: View, card_id: str) -> str:
    name = card_id.rsplit(".", 1)[0]
    catalogue = view.get("magic", {}).get("catalogue", {})
    for group in ("spells", "potions", "readings"):
        if name in catalogue.get(group, {}):
            return str(catalogue[group][name]["title"])
    return name.replace("_", " ")

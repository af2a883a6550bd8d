"""What a seat may know of the magic table: everything on it, never another's hand, which potion
lies face down, the custom decks' order, or sealed proposals and votes (RULINGS Merlin 8)."""

from __future__ import annotations

from typing import Any

from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.magic.content import MagicContent, kind_of
from tradingfloor.games.merlin.magic.state import Golem, Held, Lab, Magic
from tradingfloor.games.merlin.magic.table import content_of, magic_of
from tradingfloor.games.merlin.production import kind
from tradingfloor.games.merlin.state import MerlinState


def magic_view(state: MerlinState, seat: int | None) -> dict[str, Any]:
    """The `magic` section of a seat's view."""
    magic, content = magic_of(state), content_of(state)
    return {
        "labs": [_lab(state, lab) for lab in magic.labs],
        "shops": _shops(state),
        "golems": [_golem(state, g) for g in magic.golems],
        "damage": [{"seat": s, "on": on, "lost": lost} for s, on, lost in magic.damage],
        "set_potions": [
            {
                "owner": p.owner,
                "on": p.on,
                "potion": _held(content, p.potion) if p.owner == seat else None,
            }
            for p in magic.set_potions
        ],
        "field": [_reading(content, r.card) | {"turn": r.turn} for r in magic.field],
        "effects": [
            {"kind": e.kind, "seat": e.seat, "card": e.card, "amount": e.amount}
            for e in magic.effects
        ],
        "hands": [_hand(magic, content, s, seat) for s in range(state.players)],
        "crowns": list(magic.crowns),
        "regulations": [
            {"name": r.name, "title": content.regulations[r.name].title, "value": r.value}
            for r in magic.regulations
        ],
        "maintenance": magic.maintenance,
        "bank_debt": list(magic.bank_debt),
        "ballot": _ballot(magic, seat),
        "jokers_in": magic.jokers_in,
        "volatility": magic.volatility,
        "allies": [list(pair) for pair in magic.allies],
        "targeted": [list(pair) for pair in magic.targeted],
        "decks": {
            "spells": len(magic.spell_deck),
            "recipes": len(magic.recipe_deck),
            "readings": len(magic.reading_deck),
        },
        "catalogue": _catalogue(content),
    }


def _lab(state: MerlinState, lab: Lab) -> dict[str, Any]:
    research = content_of(state).figures.research
    spell = cards.suit(state.config, lab.card) == research.spell_suit
    return {
        "card": lab.card,
        "owner": lab.owner,
        "kind": "spell" if spell else "potion",
        "grant": lab.grant,
        "credits": len(lab.credits),
        "successful": len(lab.credits) >= research.lab_successful,
    }


def _shops(state: MerlinState) -> list[dict[str, Any]]:
    research = content_of(state).figures.research
    fees = {(s, on): fee for s, on, fee in magic_of(state).open_shops}
    out = []
    for seat, tableau in enumerate(state.economy.tableaux):
        for stack in tableau:
            if kind(state, stack) != "specialized" or stack.top is None:
                continue
            spell = cards.suit(state.config, stack.top) == research.spell_suit
            out.append(
                {
                    "seat": seat,
                    "on": stack.base,
                    "lab": stack.top,
                    "kind": "spell_shop" if spell else "brewery",
                    "open_fee": fees.get((seat, stack.base)),
                }
            )
    return out


def _golem(state: MerlinState, golem: Golem) -> dict[str, Any]:
    stone = content_of(state).figures.golems.stone_rank
    return {
        "card": golem.card,
        "owner": golem.owner,
        "seat": golem.seat,
        "on": golem.on,
        "role": golem.role,
        "hp": golem.hp,
        "type": "stone" if cards.rank(state.config, golem.card) == stone else "bronze",
    }


def _held(content: MagicContent, held: Held) -> dict[str, Any]:
    name = kind_of(held.card)
    card = content.spells.get(name) or content.potions.get(name)
    return {
        "card": held.card,
        "name": name,
        "title": card.title if card else name,
        "source": held.source,
    }


def _hand(magic: Magic, content: MagicContent, owner: int, seat: int | None) -> dict[str, Any]:
    """Counts for everyone; the cards themselves only for their owner."""
    out: dict[str, Any] = {
        "spells": len(magic.spells[owner]),
        "recipes": len(magic.recipes[owner]),
        "potions": len(magic.potions[owner]),
    }
    if owner == seat:
        for hand in ("spells", "recipes", "potions"):
            out[f"{hand}_held"] = [_held(content, h) for h in getattr(magic, hand)[owner]]
    return out


def _reading(content: MagicContent, card: str) -> dict[str, Any]:
    reading = content.readings[kind_of(card)]
    return {
        "card": card,
        "name": reading.name,
        "title": reading.title,
        "kind": reading.kind,
        "trigger": reading.trigger.model_dump(exclude_none=True, exclude_defaults=True),
        "waived_by": list(reading.waived_by),
    }


def _ballot(magic: Magic, seat: int | None) -> dict[str, Any] | None:
    ballot = magic.ballot
    if ballot is None:
        return None
    return {
        "kind": ballot.kind,
        "caller": ballot.caller,
        "voters": list(ballot.voters),
        "sealed": [s for s in ballot.voters if ballot.sealed[s] is not None],
        "mine": ballot.sealed[seat] if seat is not None else None,
        "choices": list(ballot.choices),
        "card": ballot.card,
    }


def _catalogue(content: MagicContent) -> dict[str, Any]:
    """Every content card's title and what it does, for interfaces to explain them."""
    return {
        "spells": {n: {"title": c.title, "target": c.target} for n, c in content.spells.items()},
        "potions": {
            n: {"title": c.title, "target": c.target, "recipe": dict(c.recipe)}
            for n, c in content.potions.items()
        },
        "readings": {n: {"title": c.title, "kind": c.kind} for n, c in content.readings.items()},
        "regulations": {
            n: {"title": c.title, "value": c.value, "module": c.module}
            for n, c in content.regulations.items()
        },
    }

"""The `magic` module's part of the table (MERLIN-MODULES.md §2).

Public: labs, shops, golems, set potions (that one lies there), the field of readings, crowns,
regulations, votes under way (who has voted). Secret: the three custom decks' order, the spells and
recipes in each hand, brewed potions and which potion lies face down, sealed proposals and votes.
"""

# mypy: disable-error-code="misc"
# (misc: each record's __init__ writes its frozen fields, once: frozen.py)

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tradingfloor.games.merlin.frozen import frozen_after_init
from tradingfloor.games.merlin.pickling import picklable

Role = Literal["attack", "defend"]


@dataclass(frozen=True, slots=True, init=False)
class Held:
    """A spell or potion recipe card in a hand (or a brewed potion), with the lab that made it
    (Spades: "Spells that were not produced from that spell lab cannot take credit for it")."""

    card: str  # "<content name>.<copy>", e.g. "pickpocket.1"
    source: str | None = None  # the playing card of the lab that researched it

    def __init__(
        self,
        card: str,
        source: str | None = None,
    ) -> None:
        self.card = card
        self.source = source


@dataclass(frozen=True, slots=True, init=False)
class Lab:
    """A spell lab (spades) or potion lab (hearts), placed on its own: its grant and credits."""

    card: str
    owner: int
    grant: int = 0  # research funding on it; 0: unfunded
    credits: tuple[str, ...] = ()  # spent spells or potions under it

    def __init__(
        self,
        card: str,
        owner: int,
        grant: int = 0,
        credits: tuple[str, ...] = (),
    ) -> None:
        self.card = card
        self.owner = owner
        self.grant = grant
        self.credits = credits


@dataclass(frozen=True, slots=True, init=False)
class SetPotion:
    """A brewed potion set face down: under a stack (`on`) or before its owner (`on` None)."""

    potion: Held
    owner: int
    on: str | None = None  # the base card of one of the owner's stacks

    def __init__(
        self,
        potion: Held,
        owner: int,
        on: str | None = None,
    ) -> None:
        self.potion = potion
        self.owner = owner
        self.on = on


@dataclass(frozen=True, slots=True, init=False)
class Golem:
    """A Jack (Stone) or Queen (Bronze) in play on a stack: attacking or defending it."""

    card: str
    owner: int
    seat: int  # whose stack it is on
    on: str  # the stack's base card
    role: Role
    hp: int
    placed: int  # order of play (older golems first)

    def __init__(
        self,
        card: str,
        owner: int,
        seat: int,
        on: str,
        role: Role,
        hp: int,
        placed: int,
    ) -> None:
        self.card = card
        self.owner = owner
        self.seat = seat
        self.on = on
        self.role = role
        self.hp = hp
        self.placed = placed


@dataclass(frozen=True, slots=True, init=False)
class Reading:
    """A future reading card on the field, revealed on turn `turn` of orbit `orbit`."""

    card: str
    turn: int
    orbit: int

    def __init__(
        self,
        card: str,
        turn: int,
        orbit: int,
    ) -> None:
        self.card = card
        self.turn = turn
        self.orbit = orbit


@dataclass(frozen=True, slots=True, init=False)
class Effect:
    """A lasting effect of a spell or reading: what it does, to whom or what, until when."""

    kind: str  # the effect's name in the content (e.g. "blight", "fallow")
    seat: int | None = None
    card: str | None = None
    amount: int = 0
    until: int | None = None  # a turn_no or clock value, as the effect defines

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        card: str | None = None,
        amount: int = 0,
        until: int | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.card = card
        self.amount = amount
        self.until = until


@dataclass(frozen=True, slots=True, init=False)
class Rule:
    """An active regulation with its parameter."""

    name: str
    value: int = 0

    def __init__(
        self,
        name: str,
        value: int = 0,
    ) -> None:
        self.name = name
        self.value = value


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class Ballot:
    """A sealed vote under way: its kind, the player who called it, who votes, sealed choices.

    kinds: `propose` (regulation proposals), `regulate` (the vote on them), `reshuffle` (the
    decree), `jokers_in`, `jokers_out`, `volatility_up`, `volatility_down`."""

    kind: str
    caller: int
    voters: tuple[int, ...]
    sealed: tuple[str | None, ...]  # per seat
    choices: tuple[str, ...] = ()  # the proposals being voted on
    card: str | None = None  # the decree being voted on

    def __init__(
        self,
        kind: str,
        caller: int,
        voters: tuple[int, ...],
        sealed: tuple[str | None, ...],
        choices: tuple[str, ...] = (),
        card: str | None = None,
    ) -> None:
        self.kind = kind
        self.caller = caller
        self.voters = voters
        self.sealed = sealed
        self.choices = choices
        self.card = card


@dataclass(frozen=True, init=False)  # no slots: records.replace copies it at once (clones.py)
class Magic:
    """Everything the magic module adds to the table."""

    spell_deck: tuple[str, ...]
    recipe_deck: tuple[str, ...]
    reading_deck: tuple[str, ...]
    spells: tuple[tuple[Held, ...], ...]  # per seat, secret
    recipes: tuple[tuple[Held, ...], ...]  # per seat, secret
    potions: tuple[tuple[Held, ...], ...]  # brewed, not yet set; per seat, secret
    labs: tuple[Lab, ...] = ()
    set_potions: tuple[SetPotion, ...] = ()
    golems: tuple[Golem, ...] = ()
    damage: tuple[tuple[int, str, int], ...] = ()  # (seat, base card, hit points lost)
    field: tuple[Reading, ...] = ()
    effects: tuple[Effect, ...] = ()
    crowns: tuple[int, ...] = ()  # per seat
    crown_year: tuple[int, ...] = ()  # per seat: the year a crown skips the taxes of (0: none)
    regulations: tuple[Rule, ...] = ()
    maintenance: int = 1  # the table's maintenance counter ("always starting at one gold")
    bank_debt: tuple[int, ...] = ()  # per seat: unpaid maintenance owed to the central bank
    ballot: Ballot | None = None
    proposals: tuple[str | None, ...] = ()  # per seat, sealed regulation proposals
    reclaim: bool = False  # a decree's "take back any and all investments" this turn
    played: tuple[str, ...] = ()  # magic actions taken this turn (once-a-turn limits)
    targeted: tuple[tuple[int, int], ...] = ()  # (caster, target) pairs, for the road roll
    allies: tuple[tuple[int, int], ...] = ()  # (owner, ally): the ally's golems may defend
    open_shops: tuple[tuple[int, str, int], ...] = ()  # (owner, property, fee) open to others
    jokers_in: bool = False
    volatility: int = 1
    golems_played: int = 0  # a counter giving golems their order of play
    card_counts: tuple[tuple[str, int], ...] = ()  # times each content card was played (lab)
    bought_since: tuple[tuple[int, ...], ...] = ()  # per seat: who bought a permit since its
    # last turn ended (Greed Hex); () until the first turn ends
    ruined: tuple[tuple[int, str], ...] = ()  # (seat, base card) in ruins (ruin = "idle")
    removed: tuple[str, ...] = ()  # cards out of the game (a King voted out after its decree)
    research_paid: int = 0  # gold granted to labs over the game (the lab's figure)

    def __init__(
        self,
        spell_deck: tuple[str, ...],
        recipe_deck: tuple[str, ...],
        reading_deck: tuple[str, ...],
        spells: tuple[tuple[Held, ...], ...],
        recipes: tuple[tuple[Held, ...], ...],
        potions: tuple[tuple[Held, ...], ...],
        labs: tuple[Lab, ...] = (),
        set_potions: tuple[SetPotion, ...] = (),
        golems: tuple[Golem, ...] = (),
        damage: tuple[tuple[int, str, int], ...] = (),
        field: tuple[Reading, ...] = (),
        effects: tuple[Effect, ...] = (),
        crowns: tuple[int, ...] = (),
        crown_year: tuple[int, ...] = (),
        regulations: tuple[Rule, ...] = (),
        maintenance: int = 1,
        bank_debt: tuple[int, ...] = (),
        ballot: Ballot | None = None,
        proposals: tuple[str | None, ...] = (),
        reclaim: bool = False,
        played: tuple[str, ...] = (),
        targeted: tuple[tuple[int, int], ...] = (),
        allies: tuple[tuple[int, int], ...] = (),
        open_shops: tuple[tuple[int, str, int], ...] = (),
        jokers_in: bool = False,
        volatility: int = 1,
        golems_played: int = 0,
        card_counts: tuple[tuple[str, int], ...] = (),
        bought_since: tuple[tuple[int, ...], ...] = (),
        ruined: tuple[tuple[int, str], ...] = (),
        removed: tuple[str, ...] = (),
        research_paid: int = 0,
    ) -> None:
        self.spell_deck = spell_deck
        self.recipe_deck = recipe_deck
        self.reading_deck = reading_deck
        self.spells = spells
        self.recipes = recipes
        self.potions = potions
        self.labs = labs
        self.set_potions = set_potions
        self.golems = golems
        self.damage = damage
        self.field = field
        self.effects = effects
        self.crowns = crowns
        self.crown_year = crown_year
        self.regulations = regulations
        self.maintenance = maintenance
        self.bank_debt = bank_debt
        self.ballot = ballot
        self.proposals = proposals
        self.reclaim = reclaim
        self.played = played
        self.targeted = targeted
        self.allies = allies
        self.open_shops = open_shops
        self.jokers_in = jokers_in
        self.volatility = volatility
        self.golems_played = golems_played
        self.card_counts = card_counts
        self.bought_since = bought_since
        self.ruined = ruined
        self.removed = removed
        self.research_paid = research_paid


RECORDS = (
    Held,
    Lab,
    SetPotion,
    Golem,
    Reading,
    Effect,
    Rule,
    Ballot,
    Magic,
)
"""Every record of this part of the table."""

picklable(*RECORDS)
frozen_after_init(*RECORDS)

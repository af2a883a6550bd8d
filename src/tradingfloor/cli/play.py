"""`tradingfloor play GAME --seats you,heuristic,random`: a game at the terminal, people and bots.

Every registered game can be played. Each name in `--seats` is a seat: "you" (or "human") is a
person at this keyboard, anything else is a bot kind from `tradingfloor.agents.kinds(game)`.
Several people play hot-seat: between their turns the screen is cleared and the game waits for
Enter ("pass the keyboard to seat N"), so nobody sees another's sheet. A searching bot (`ismcts`)
thinks at most `--think` seconds a move, as the server's bots do; the lab instead counts its
search in iterations, so that its games stay the same from run to run.

A game draws itself at the terminal through an optional module `tradingfloor.games.<id>.terminal`
with exactly these three functions:

    render(view: dict) -> rich.console.RenderableType
        The seat's board or game sheet, drawn from the seat's view (`game.view(state, seat)`).

    prompt(console: rich.console.Console, view: dict, legal: ActionSpace,
           parse: Callable[[dict], Any]) -> Any
        Ask the person at the keyboard (with `console.input`) for the seat's action, and return
        it only once `legal.check(action)` accepts it; after bad input, say why (the refusal
        message, or the IllegalAction's `why` raised by `parse`) and ask again. `parse` is the
        game's `parse_action`: a JSON dict to a typed action.

    render_events(before: dict, after: dict) -> rich.console.RenderableType | None
        What happened between two views of the same seat (e.g. the table of the digits called out
        and the tins bought), or None when nothing worth showing did.

A game without that module is played through a generic fallback: its view as panels, and the
action typed as JSON with `legal.describe()` shown. The final standings come from `game.result`.
"""

from __future__ import annotations

import importlib
import json
import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tradingfloor.cli.common import fail

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from tradingfloor.core.agent import Agent
    from tradingfloor.core.game import Game, State
    from tradingfloor.core.record import MatchRecord
    from tradingfloor.core.spaces import ActionSpace

HUMANS = ("you", "human")
THINK_S = 2.0  # a searching bot's time budget a move, as the server gives its bots


def register(app: typer.Typer) -> None:
    app.command("play")(play)


def play(
    game: Annotated[str, typer.Argument(help="game id, e.g. middleman (see `tradingfloor games`)")],
    seats: Annotated[
        str | None,
        typer.Option(
            help="comma-separated seats: 'you' (or 'human') for a person, else a bot kind "
            "(default: you, then heuristic and random bots up to the game's default player count)"
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed for a reproducible game")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", help="a game option, key=value (value read as JSON); repeatable"
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(help="write the match record (JSON) here when the game ends or is abandoned"),
    ] = None,
    think: Annotated[
        float,
        typer.Option(
            min=0.05,
            max=600.0,
            help="seconds a searching bot (ismcts) may think over one move; it then plays the "
            "best it has found",
        ),
    ] = THINK_S,
) -> None:
    """Play GAME at the terminal against bots, or hot-seat with friends."""
    from rich.console import Console

    chosen = _table(game, seats, option or [], seed, think)
    console = Console(highlight=False)
    match = Match(chosen, console)
    try:
        match.run()
    except (EOFError, KeyboardInterrupt):
        console.print("\nGame abandoned.")
        raise typer.Exit(1) from None
    finally:
        if record is not None:
            record.write_text(match.record.dumps() + "\n", encoding="utf-8")


# --- setting the table ----------------------------------------------------------------------


@dataclass
class Seat:
    """Who sits in a seat: a person (agent None) or a bot."""

    label: str
    agent: Agent | None

    @property
    def human(self) -> bool:
        return self.agent is None


@dataclass
class Table:
    """Everything chosen on the command line, checked."""

    game: Game
    seats: list[Seat]
    options: dict[str, Any]
    seed: int
    ui: Any  # the game's terminal module, or GenericTerminal


def _table(
    game_id: str,
    seats_text: str | None,
    option_texts: Sequence[str],
    seed: int | None,
    think: float = THINK_S,
) -> Table:
    """The game, seats, options and seed from the command line; a clear error (exit 2) if bad."""
    import tradingfloor
    from tradingfloor.core.errors import TradingfloorError

    try:
        game = tradingfloor.make(game_id)
    except TradingfloorError as err:
        fail(str(err))
    seats = _seats(game, seats_text, think)
    options = _options(game, option_texts, len(seats))
    chosen_seed = secrets.randbelow(2**62) if seed is None else seed
    try:
        state = game.new(options, chosen_seed)
    except TradingfloorError as err:
        fail(str(err))
    if game.players(state) != len(seats):
        fail(f"this {game.id} table has {game.players(state)} seats but --seats names {len(seats)}")
    return Table(game, seats, options, chosen_seed, _terminal_module(game.id))


def _seats(game: Game, text: str | None, think: float = THINK_S) -> list[Seat]:
    """The seats named in `text`; each bot bounded to `think` seconds a move where it searches."""
    from tradingfloor.agents import kinds, with_time_limit

    catalogue = kinds(game)
    if text is None:
        text = _default_seats(game, catalogue)
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [n for n in names if n not in catalogue and n not in HUMANS]
    if unknown:
        fail(
            f"unknown seat kind {unknown[0]!r} for {game.id}; use 'you' for a person "
            f"or a bot kind: {', '.join(catalogue)}"
        )
    if len(names) < 2:
        fail("--seats needs at least two seats, e.g. --seats you,random")
    humans = sum(1 for n in names if n in HUMANS)
    seats = []
    for name in names:
        if name in HUMANS:
            seats.append(Seat("you" if humans == 1 else "human", None))
        else:
            seats.append(Seat(name, with_time_limit(catalogue[name](), think)))
    return seats


def _default_seats(game: Game, catalogue: Mapping[str, Any]) -> str:
    """You, then bots (heuristic and random in turn) up to the game's default number of players."""
    players = int(game.options({}).get("players", 3))
    bots = ["heuristic", "random"] if "heuristic" in catalogue else ["random"]
    return ",".join(["you"] + [bots[i % len(bots)] for i in range(players - 1)])


def _options(game: Game, texts: Sequence[str], seat_count: int) -> dict[str, Any]:
    """`key=value` options; the seat count fills in a "players" option the game has."""
    options: dict[str, Any] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            fail(f"an option is key=value, not {text!r}")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value  # a bare word is a string
    known = game.schemas().get("options", {}).get("properties", {})
    if "players" in known and options.setdefault("players", seat_count) != seat_count:
        fail(f"--option players={options['players']} but --seats names {seat_count} seats")
    return options


def _terminal_module(game_id: str) -> Any:
    """The game's terminal module, or the generic fallback when it has none."""
    name = f"tradingfloor.games.{game_id}.terminal"
    try:
        module: ModuleType = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return GenericTerminal
    return module


# --- the match loop -------------------------------------------------------------------------


class Match:
    """Plays one game at the terminal: asks the people, lets the bots act, shows what happened."""

    def __init__(self, table: Table, console: Console) -> None:
        from tradingfloor.core.record import MatchRecord

        self.table = table
        self.game = table.game
        self.console = console
        self.state: State = self.game.new(table.options, table.seed)
        self.record: MatchRecord = MatchRecord.start(self.game, table.options, table.seed)
        # Bots draw from their own generator: the game's seed stays inside the state.
        self.bot_rng = random.Random(f"bots-{table.seed}")
        self.humans = [s for s, seat in enumerate(table.seats) if seat.human]
        self.seen: dict[int | None, dict[str, Any]] = {
            s: self.game.view(self.state, s) for s in [*self.humans, None]
        }

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def run(self) -> None:
        self._introduce()
        while actors := self.game.actors(self.state):
            for seat in actors:
                self._take_turn(seat)
        self._finish()

    def _introduce(self) -> None:
        labels = ", ".join(f"Seat {s + 1}: {seat.label}" for s, seat in enumerate(self.table.seats))
        self.console.print(f"[bold]{self.game.title}[/bold] · {labels}")

    def _take_turn(self, seat: int) -> None:
        from tradingfloor.core.agent import decision_for

        if self.table.seats[seat].human:
            action = self._ask(seat)
        else:
            agent = self.table.seats[seat].agent
            assert agent is not None
            action = agent.act(decision_for(self.game, self.state, seat), self.bot_rng)
        self.state = self.game.apply(self.state, seat, action)
        self.record = self.record.add(seat, action)
        if not self.hot_seat:
            self._show_events(self.humans[0] if self.humans else None)

    def _ask(self, seat: int) -> Any:
        if self.hot_seat:
            self._hand_over(seat)
        view = self.game.view(self.state, seat)
        self._show_events(seat)
        ui = self.table.ui
        self.console.print(ui.render(view))
        action = ui.prompt(self.console, view, self.game.legal(self.state, seat), self._parse)
        if self.hot_seat:
            _hide(self.console)  # the sheet goes before the next person comes to the keyboard
        return action

    def _parse(self, obj: dict[str, Any]) -> Any:
        return self.game.parse_action(obj)

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: wait until the person of `seat` has the keyboard."""
        self.console.input(f"Pass the keyboard to Seat {seat + 1}, then press Enter. ")
        # What every seat may see is brought up to date for the end of the game.
        self.seen[None] = self.game.view(self.state, None)

    def _show_events(self, seat: int | None) -> None:
        """What `seat` has not yet seen happen; a spectator's view when no person plays."""
        now = self.game.view(self.state, seat)
        shown = self.table.ui.render_events(self.seen[seat], now)
        if shown is not None:
            self.console.print(shown)
        self.seen[seat] = now

    def _finish(self) -> None:
        if self.hot_seat:
            self._show_events(None)  # the steps since the last turn, as anyone may see them
        elif self.humans:
            self.console.print(self.table.ui.render(self.game.view(self.state, self.humans[0])))
        self.console.print(_standings(self.game, self.state, self.table.seats))


def _hide(console: Console) -> None:
    """Clear the screen; where the output is no terminal, mark the place instead."""
    if console.is_terminal:
        console.clear()
    else:
        console.rule("the screen is cleared")


def _standings(game: Game, state: State, seats: Sequence[Seat]) -> RenderableType:
    from rich.table import Table as RichTable

    result = game.result(state)
    assert result is not None
    table = RichTable(title="Final standings", title_justify="left", caption=result.reason)
    for name in ("rank", "seat", "player", "score", ""):
        table.add_column(name, justify="right" if name in ("rank", "score") else "left")
    order = sorted(range(len(seats)), key=lambda s: (result.ranks[s], s))
    for s in order:
        score = result.scores[s]
        shown = str(int(score)) if float(score).is_integer() else f"{score:g}"
        won = "wins" if s in result.winners else ""
        table.add_row(str(result.ranks[s]), str(s + 1), seats[s].label, shown, won)
    return table


# --- the generic fallback -------------------------------------------------------------------


class GenericTerminal:
    """Any game without a terminal module: the view as panels, the action typed as JSON."""

    @staticmethod
    def render(view: dict[str, Any]) -> RenderableType:
        from rich.columns import Columns
        from rich.panel import Panel
        from rich.pretty import Pretty

        return Columns([Panel(Pretty(value), title=str(key)) for key, value in view.items()])

    @staticmethod
    def prompt(
        console: Console,
        view: dict[str, Any],
        legal: ActionSpace,
        parse: Callable[[dict[str, Any]], Any],
    ) -> Any:
        from rich.pretty import Pretty

        from tradingfloor.core.errors import IllegalAction

        console.print("Your legal actions:", Pretty(legal.describe()))
        while True:
            text = console.input("Your action as JSON: ")
            try:
                action = parse(json.loads(text))
            except json.JSONDecodeError as err:
                console.print(f"[red]That is not JSON: {err.msg}.[/red]")
                continue
            except IllegalAction as err:
                console.print(f"[red]{err.why}[/red]")
                continue
            why = legal.check(action)
            if why is None:
                return action
            console.print(f"[red]Refused: {why}.[/red]")

    @staticmethod
    def render_events(before: dict[str, Any], after: dict[str, Any]) -> RenderableType | None:
        """The new entries of the view's "events", "history" or "log" lists."""
        from rich.pretty import Pretty

        new: dict[str, Any] = {}
        for key, value in after.items():
            old = before.get(key)
            if key in ("events", "history", "log") and isinstance(value, list):
                added = value[len(old or []) :]
                if added:
                    new[key] = added
        return Pretty(new) if new else None

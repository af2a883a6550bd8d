"""What the menu reads from a seat's view to resolve catalogue keys: each part digested once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from tradingfloor.games.merlin.finance.state import Wanted
from tradingfloor.games.merlin.memo import ByIdentity
from tradingfloor.games.merlin.sections import Sections
from tradingfloor.games.merlin.state import Book, MerlinState
from tradingfloor.rl.merlin.catalogue import POTIONS, SECURITIES, SPELLS

T = TypeVar("T")


class once(Generic[T]):
    """A value made on its first read and kept on the instance, as `functools.cached_property`
    keeps it, without the lock Python 3.11's takes on each first read (a digest and a menu are
    made for each decision, and read in one thread)."""

    def __init__(self, make: Callable[[Any], T]) -> None:
        self.make = make
        self.name = make.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self  # (read on the class: the descriptor itself)
        value = instance.__dict__[self.name] = self.make(instance)
        return value


def kind_of(card_id: str) -> str:
    """The kind of a magic card id: pickpocket.2 -> pickpocket."""
    return card_id.rsplit(".", 1)[0]


class ViewDigest:
    """A seat's view, with the lookups the menu needs (commodity slots, orders, contracts)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.seat: int = view["seat"]
        # A view made from a state (`Sections`): the seat's gold, orders and stacks are read
        # from the state as the view tells them, without making the view's players or market.
        self.state: MerlinState | None = view.state if type(view) is Sections else None

    @once
    def cost(self) -> int:
        """The cost of the living, at least 1: the unit of the catalogue's prices."""
        return max(1, int(self.view["counters"]["cost_of_living"]))

    @once
    def gold(self) -> int:
        if self.state is not None:
            return int(self.state.core.gold[self.seat])
        return int(self.view["players"][self.seat]["gold"])

    @once
    def commodities(self) -> list[str]:
        return list(self.view["commodities"])

    @once
    def slots(self) -> dict[str, int]:
        """Each commodity's slot: its place in the match's list."""
        return {name: slot for slot, name in enumerate(self.commodities)}

    @once
    def orders(self) -> dict[int, tuple[int, int]]:
        """Each Grand Market order's (commodity slot, price)."""
        out: dict[int, tuple[int, int]] = {}
        if self.state is not None:
            # (a view's market is each commodity's book, in the commodities' order)
            for slot, order_book in enumerate(self.state.economy.books):
                out.update(_book_orders(order_book, slot))
            return out
        for name, book in self.view["market"].items():
            slot = self.slots.get(name)
            if slot is not None:
                out.update(_book_orders(book, slot))
        return out

    @once
    def stored(self) -> dict[str, int]:
        """Gold stored on each of the seat's stacks, by base card."""
        if self.state is not None:
            stacks = self.state.economy.tableaux[self.seat]
            return {stack.base: int(stack.stored) for stack in stacks}
        tableau = self.view["players"][self.seat]["tableau"]
        return {stack["card"]: int(stack["stored"]) for stack in tableau}

    @once
    def finance(self) -> Mapping[str, Any]:
        return self.view.get("finance") or {}

    @once
    def futures(self) -> dict[int, Mapping[str, Any]]:
        return {f["id"]: f for f in self.finance.get("futures", ())}

    @once
    def security_issuers(self) -> dict[int, tuple[str, int]]:
        """Each security's (kind, issuer), by its id."""
        return {
            unit: (issue["kind"], issue["issuer"])
            for issue in self.finance.get("securities", ())
            for unit in issue["ids"]
        }

    @once
    def listings(self) -> dict[int, Mapping[str, Any]]:
        return {item["id"]: item for item in self.finance.get("listings", ())}

    @once
    def wanted(self) -> dict[int, tuple[str, int]]:
        """Each covered bid's (item kind, price), by its id."""
        if self.state is not None:
            # (the view's bids are the state's, in its order: kept while the bids are the same)
            finance = self.state.finance
            if finance is None or "finance" not in self.view:
                return {}
            return _WANTED.get(finance.wanted, _bids)
        told = self.finance.get("wanted", ())
        return {item["id"]: (item["item"], item["price"]) for item in told}

    @once
    def quotes(self) -> list[Mapping[str, Any]]:
        return list(self.finance.get("quotes", ()))

    @once
    def my_quotes(self) -> list[int]:
        """The ids of the seat's own quotes, oldest first."""
        return [q["id"] for q in self.quotes if q["writer"] == self.seat]

    def future_slot(self, future_id: int) -> int | None:
        future = self.futures.get(future_id)
        return None if future is None else self.slots.get(future["commodity"])

    def item_class(self, item: str, ref: str) -> tuple[str, Any] | None:
        """The catalogue's class of a held or listed item: (kind, commodity slot / issuer / card
        kind / "")."""
        if item == "future":
            slot = self.future_slot(int(ref)) if ref.isdigit() else None
            return None if slot is None else ("future", slot)
        if item in SECURITIES:
            found = self.security_issuers.get(int(ref)) if ref.isdigit() else None
            return None if found is None else (item, found[1])
        if item in ("spell", "recipe"):
            return (item, kind_of(ref))
        return ("crown", "") if item == "crown" else None

    def held_item(self, ref: str) -> tuple[Any, str] | None:
        """The (item kind, ref) of a ref the seat may list: a future's or security's id, a spell
        or recipe card, or "" for a crown."""
        if ref == "":
            return ("crown", ref)
        if ref.isdigit():
            number = int(ref)
            if number in self.futures and self.futures[number]["long"] == self.seat:
                return ("future", ref)
            found = self.security_issuers.get(number)
            return None if found is None else (found[0], ref)
        kind = kind_of(ref)
        if kind in SPELLS:
            return ("spell", ref)
        return ("recipe", ref) if kind in POTIONS else None


def _book_orders(book: Mapping[str, Any] | Book, slot: int) -> dict[int, tuple[int, int]]:
    """A book's orders' (commodity slot, price), by order: kept per book (the state's, or a
    view's record of it, the same while the book is) and slot."""
    found = _BOOK_ORDERS.find(book)
    if found is None or found[0] != slot:
        found = _BOOK_ORDERS.keep(book, (slot, _orders(book, slot)))
    return found[1]


def _orders(book: Mapping[str, Any] | Book, slot: int) -> dict[int, tuple[int, int]]:
    if isinstance(book, Book):
        orders = {order.id: (slot, order.price) for order in book.bids}
        orders.update({order.id: (slot, order.price) for order in book.asks})
        return orders
    orders = {order["order"]: (slot, order["price"]) for order in book["bids"]}
    orders.update({order["order"]: (slot, order["price"]) for order in book["asks"]})
    return orders


_BOOK_ORDERS: ByIdentity[tuple[int, dict[int, tuple[int, int]]]] = ByIdentity(limit=256)


def _bids(wanted: tuple[Wanted, ...]) -> dict[int, tuple[str, int]]:
    return {bid.id: (bid.item, bid.price) for bid in wanted}


_WANTED: ByIdentity[dict[int, tuple[str, int]]] = ByIdentity(limit=256)

"""Two people create a Merlin match in the lobby and play it in Chromium against a live server."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from tests.web.chromium import new_page

pytestmark = pytest.mark.browser

NAMES = ("Nimue", "Morgan")
TURNS_EACH = 2
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b")  # e.g. turn_bid, buy_from: never shown to a person


def create_in_the_lobby(page: Any, base_url: str) -> list[str]:
    """Pick Merlin with its default options but the economy alone (the lobby ticks every module;
    this test plays the basic game), two people and two bots; the two invitation links."""
    page.goto(base_url + "/")
    page.wait_for_selector("#game option[value=merlin]", state="attached")
    page.select_option("#game", "merlin")
    page.wait_for_selector("#seats[data-game=merlin] .seat-row")
    for module in ("magic", "finance"):
        page.uncheck(f"[data-option=modules] input[data-choice={module}]")
    assert page.locator(".seat-row").count() == 4
    assert "[object Object]" not in page.input_value("#options input[name=data]")
    page.select_option("select[name=kind-0]", "human")
    page.select_option("select[name=kind-1]", "human")
    for seat, name in enumerate(NAMES):
        page.fill(f"input[name=name-{seat}]", name)
    page.click("#create-button")
    page.wait_for_selector("input.invite")
    assert page.text_content("#create-error") == ""
    return [page.input_value(f"input.invite[data-seat='{seat}']") for seat in (0, 1)]


def step(page: Any) -> int:
    text = page.text_content("#turn") or ""
    return int(text.split(":")[0].removeprefix("step "))


def my_move(page: Any) -> bool:
    return "your move" in (page.text_content("#turn") or "")


def looks_right(page: Any) -> None:
    """What a person reads: words, never a seat mark, an object or a move's identifier."""
    text = page.inner_text("body")
    assert "{seat:" not in text
    assert "[object Object]" not in text
    moves = page.inner_text("#your-move")
    assert not IDENTIFIER.search(moves), moves


def act(page: Any, button: Any) -> None:
    """Click a move and wait until the table moves on and the move's answer is in (or the move is
    refused, which fails)."""
    before = step(page)
    button.click()
    # Another seat's move may move the table on first: the clicked move is answered once no move's
    # buttons are disabled any more (they are while it is on its way).
    page.wait_for_function(
        f"""() => (!document.querySelector('#turn').textContent.startsWith('step {before}:')
                && !document.querySelector('#your-move button:disabled'))
            || [...document.querySelectorAll('#your-move .error')].some((e) => e.textContent)"""
    )
    refusals = [e for e in page.locator("#your-move .error").all_text_contents() if e]
    assert not refusals, refusals


def refused(page: Any, form: Any, value: str) -> str:
    """Type `value` in the form's number field and send it: the refusal shows in that form."""
    form.locator("input[type=number]").fill(value)
    form.get_by_role("button").click()
    error = form.locator(".error")
    page.wait_for_function("(e) => e.textContent !== ''", arg=error.element_handle())
    return error.text_content() or ""


def seal_turn_bid(page: Any, too_much: bool = False) -> None:
    form = page.locator("#your-move form[data-action=turn_bid]")
    form.wait_for()
    assert "Seal a bid for turn order" in form.inner_text()
    if too_much:
        assert "10" in refused(page, form, "99")  # no more than the gold the person holds
    form.locator("input[name=amount]").fill("0")  # the lowest bid: last place, tied with the other
    act(page, form.get_by_role("button", name="Seal"))


def seal_stacks(page: Any, first: int) -> None:
    """Type one stack per place, as many as the form says (e.g. "3 stacks"), and seal them."""
    form = page.locator("#your-move form[data-action=rank_bid]")
    label = form.locator("label[data-field=stacks]")
    places = int((label.locator(".field-name").text_content() or "").split()[0])
    assert "earliest place first" in form.inner_text()
    label.locator("input").fill(" ".join([str(first)] + ["1"] * (places - 1)))
    act(page, form.get_by_role("button", name="Seal"))


def settle_turn_order(pages: list[Any]) -> None:
    """Both bid 0 for turn order, so they tie for the last place and settle it by a rank auction."""
    for index, page in enumerate(pages):
        seal_turn_bid(page, too_much=index == 0)
    ranked = [False, False]
    deadline = time.monotonic() + 30
    while any(page.locator("#me-auction").count() for page in pages):
        assert time.monotonic() < deadline, "the turn order was not settled"
        for index, page in enumerate(pages):
            if page.locator("#your-move form[data-action=rank_bid]").count():
                seal_stacks(page, first=2 if index == 0 else 1)
                ranked[index] = True
            elif page.locator("#your-move form[data-action=turn_bid]").count():
                seal_turn_bid(page)  # bid again, should the rules ask for it
        pages[0].wait_for_timeout(50)
    assert ranked == [True, True], "each person settles a place through the rank auction's form"


def button(page: Any, starts: str) -> Any:
    return page.locator("#your-move button", has_text=re.compile("^" + re.escape(starts)))


def take_a_move(page: Any, bought: set[str], turns: list[int], index: int) -> None:
    """A person's next move: answer votes and offers, buy one permit a turn, then end the turn."""
    for answer in ("Keep the tax rate", "Decline", "Pay your debt"):
        if button(page, answer).count():
            act(page, button(page, answer).first)
            return
    turn = page.text_content("#me-dice h3") or ""  # e.g. "Turn 5 (orbit 2): you to play"
    buy = button(page, "Buy the top card of the deck")
    if turn not in bought and buy.count():
        bought.add(turn)
        act(page, buy.first)
        return
    looks_right(page)
    act(page, button(page, "End your turn").first)
    turns[index] += 1


def test_two_people_bid_settle_the_order_and_play_turns(
    live_app: str, page: Any, browser: Any
) -> None:
    links = create_in_the_lobby(page, live_app)
    errors: list[str] = []
    other = new_page(browser, errors)
    people = [page, other]
    for person, link in zip(people, links, strict=True):
        person.goto(link)
        person.wait_for_selector("#me-market .me-book")
        assert person.locator("#how-to-play summary").text_content() == "How to play"
    assert people[0].locator("#me-market .me-book").count() == 3
    assert people[0].locator("section.me-mat").count() == 4
    looks_right(people[0])

    settle_turn_order(people)
    for person in people:
        person.wait_for_selector("#me-dice .me-dice")
        looks_right(person)
    log = people[0].inner_text("#me-log")
    assert "You sealed a turn-order bid" in log
    assert f"{NAMES[1]} sealed a turn-order bid" in log
    assert "rank auction revealed" in log

    turns = [0, 0]
    bought: list[set[str]] = [set(), set()]
    deadline = time.monotonic() + 60
    while min(turns) < TURNS_EACH:
        assert time.monotonic() < deadline, f"turns taken: {turns}"
        for index, person in enumerate(people):
            if my_move(person):
                take_a_move(person, bought[index], turns, index)
        people[0].wait_for_timeout(50)

    for person in people:
        looks_right(person)
        assert person.locator("section.me-mat[data-seat] .me-card").count() >= 1  # permits bought
    log = people[1].inner_text("#me-log")
    assert "You ended the turn" in log
    assert f"{NAMES[0]} ended the turn" in log
    assert f"{NAMES[0]} bought" in log
    assert errors == []


def people_at_the_table(live_app: str, browser: Any, errors: list[str]) -> list[Any]:
    """A match made through the API for the two people and two bots, each person's page open."""
    seats = [{"kind": "human", "name": n} for n in NAMES] + [{"kind": "heuristic"}] * 2
    created = httpx.post(
        f"{live_app}/api/matches",
        json={"game": "merlin", "options": {"players": 4}, "seats": seats},
    ).json()
    people = [new_page(browser, errors) for _ in NAMES]
    for person, seat in zip(people, created["seats"], strict=False):
        person.goto(live_app + seat["link"])
        person.wait_for_selector("#your-move form[data-action=turn_bid]")
    return people


def test_what_a_person_types_survives_the_other_person_sealing(live_app: str, browser: Any) -> None:
    """Nimue is typing her bid when Morgan seals his: the update that follows keeps her form, what
    she typed and the focus, so the rest of her typing lands and her bid goes through."""
    errors: list[str] = []
    nimue, morgan = people_at_the_table(live_app, browser, errors)
    form = nimue.locator("#your-move form[data-action=turn_bid]")
    amount = form.locator("input[name=amount]")
    amount.click()
    nimue.keyboard.press("Control+A")
    nimue.keyboard.type("1")
    act(morgan, morgan.locator("#your-move form[data-action=turn_bid] button"))
    nimue.locator("#me-auction li", has_text="Morgan: sealed").wait_for()  # the update is drawn
    nimue.keyboard.type("0")  # she goes on typing where she was
    assert amount.input_value() == "10"
    act(nimue, form.get_by_role("button", name="Seal"))
    # The bids are revealed once the bots have sealed theirs too (and again after a tie).
    nimue.locator("#me-log li", has_text="blind bids revealed: you 10,").wait_for()
    assert errors == []


REDRAW = """async () => {
  const { default: merlin } = await import("/static/renderers/merlin.js");
  const { api, tokenFromLink } = await import("/static/api.js");
  const matchId = window.location.pathname.split("/").filter(Boolean).pop();
  const update = (await api(`/api/matches/${matchId}/view`, { token: tokenFromLink() })).body;
  const root = document.body.appendChild(document.createElement("div"));
  const ctx = { seat: update.seat, send: async () => ({ ok: true }) };
  const amount = () => root.querySelector("form[data-action=turn_bid] input[name=amount]");
  // The same move with a smaller bound, as after a change to the seat's gold.
  const push = (less) => {
    const next = structuredClone(update);
    next.seq += less;
    next.legal.actions.find((a) => a.type === "turn_bid").fields.amount.max -= less;
    merlin.render(root, next, ctx);
  };
  merlin.render(root, update, ctx);
  const typed = amount();
  typed.focus();
  typed.value = "3";
  push(1);
  const carried = { fresh: amount() !== typed, max: amount().max, value: amount().value,
    focused: document.activeElement === amount() };
  amount().closest("form").querySelector("button").disabled = true; // sent, the answer to come
  push(2);
  const sent = { value: amount().value, max: amount().max };
  root.remove();
  return { carried, sent };
}"""


def test_a_form_drawn_afresh_keeps_what_was_typed(live_app: str, browser: Any) -> None:
    """An update that changes a form's bounds but offers the same move draws the form afresh with
    what the person typed, and the focus, carried over; a form already sent starts afresh."""
    errors: list[str] = []
    nimue, _ = people_at_the_table(live_app, browser, errors)
    most = int(nimue.locator("#your-move input[name=amount]").get_attribute("max") or "0")
    seen = nimue.evaluate(REDRAW)
    carried = {"fresh": True, "max": str(most - 1), "value": "3", "focused": True}
    assert seen["carried"] == carried
    assert seen["sent"] == {"value": "0", "max": str(most - 2)}
    assert errors == []


def fits(page: Any, width: int) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the page is {wide} px wide on a {width} px screen"


def test_two_people_finish_a_short_game_and_replay_it(live_app: str, browser: Any) -> None:
    seats = [{"kind": "human", "name": n} for n in NAMES] + [{"kind": "heuristic"}] * 2
    created = httpx.post(
        f"{live_app}/api/matches",
        json={"game": "merlin", "options": {"players": 4, "max_orbits": 2}, "seats": seats},
    ).json()
    errors: list[str] = []
    people = [new_page(browser, errors) for _ in NAMES]
    for person, seat in zip(people, created["seats"], strict=False):
        person.set_viewport_size({"width": 390, "height": 800})
        person.goto(live_app + seat["link"])
        person.wait_for_selector("#me-market .me-book")
        assert person.locator("details#how-to-play[open]").count() == 1  # a first visit
        assert "Turn order" in (person.text_content("#status") or "")
        fits(person, 390)
    settle_turn_order(people)
    turns, bought = [0, 0], [set[str](), set[str]()]
    deadline = time.monotonic() + 90
    while not all(p.locator("#finished:not([hidden]) #place:not(:empty)").count() for p in people):
        assert time.monotonic() < deadline, f"turns taken: {turns}"
        for index, person in enumerate(people):
            if my_move(person):
                assert "Orbit" in (person.text_content("#status") or "")
                take_a_move(person, bought[index], turns, index)
        people[0].wait_for_timeout(50)
    for person in people:
        place = person.text_content("#place") or ""
        # a game at the cap may end in a tie for the most gold: a shared win
        won = r"won|shared the win with .+|finished \d(st|nd|rd|th) of 4"
        assert re.fullmatch(rf"You ({won})\.?.*", place), place
        assert person.locator("#recap li").count() == 4
        looks_like_words = person.inner_text("#finished")
        assert "{seat:" not in looks_like_words and "the orbit cap" in looks_like_words
        fits(person, 390)
    page = people[0]
    page.wait_for_selector("#replay-chapters button[data-step]")
    titles = page.locator("#replay-chapters button[data-step]").all_inner_texts()
    assert titles[:2] == ["Turn order", "Year 1"], titles
    year = page.locator("#replay-chapters button[data-step]").nth(1)
    step = year.get_attribute("data-step")
    year.click()
    page.wait_for_function(
        f"document.querySelector('#replay-where').textContent.startsWith('step {step} ')"
    )
    assert errors == []

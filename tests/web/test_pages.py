"""The pages without a browser: every route answers, the room form lists every game's options,
and each game's art matches what its views really hold."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from moneyboard.engine.state import Seat
from moneyboard.games.rut_to_riches.actions import PayOff
from moneyboard.registry import game_ids, get_game
from moneyboard.server.app import create_app
from moneyboard.server.settings import Settings
from moneyboard.web.art import game_art, mechanics, page_data
from moneyboard.web.json_script import script_json
from moneyboard.web.qr import qr_svg


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'rooms.db'}", bot_step=0.0, bot_pause=0.0)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def get_path(data: Any, path: str) -> Any:
    for key in path.split("."):
        assert isinstance(data, dict) and key in data, f"{path!r}: no {key!r} in {data!r}"
        data = data[key]
    return data


@pytest.mark.parametrize("game_id", game_ids())
def test_each_games_art_names_what_its_views_hold(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_state([Seat(f"p{i}") for i in range(game.min_players)], 1)
    view = state.view(None)
    art = game_art(game_id)
    families = view[art["families"]]
    assert [f["seat"] for f in families] == list(range(game.min_players))
    for family in families:
        for figure in art["figures"]:
            get_path(family, figure["path"])
        for path in art["cards"]:
            get_path(family, path)
        get_path(family, art["position"])
    board = art["board"]
    if board["kind"] == "zones":
        assert {z["id"] for z in board["zones"]} >= set(view[board["source"]])
    else:
        assert board["kind"] == "tracks" and board["tracks"]
    assert set(mechanics(game_id)) <= {t.kind for t in game.state_class.action_types}
    assert mechanics(game_id), "every game explains its actions in guided mode"


@pytest.mark.parametrize("game_id", game_ids())
def test_what_the_art_draws_on_the_table_is_in_the_views(game_id: str) -> None:
    """Every place the art draws on the table is in the public view and holds something at
    some point of a random game (a misspelt path would draw nothing, silently)."""
    game = get_game(game_id)
    state = game.new_state([Seat(f"p{i}") for i in range(game.min_players)], 4)
    table = game_art(game_id)["table"]
    words = page_data(game_id)["art"]["words"]
    assert table, "every game draws what lies on its table"
    filled: set[str] = set()
    rng = random.Random(4)
    for _ in range(3000):
        if state.terminal:
            break
        view = state.view(None)
        for spec in table:
            assert spec["label"] and spec["path"].split(".")[0] in view, spec
            value: Any = view
            for key in spec["path"].split("."):
                value = value.get(key) if isinstance(value, dict) else None
            if value:
                filled.add(spec["path"])
            # A card named by its identifier is drawn by the game's name for it ("tv" is
            # "Flat-screen TV"), never as the identifier.
            one_card = isinstance(value, dict) and ("name" in value or "title" in value)
            things = (
                value if isinstance(value, list) else [] if one_card else (value or {}).values()
            )
            for thing in things:
                assert not isinstance(thing, str) or thing in words, (spec["path"], thing)
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert filled == {spec["path"] for spec in table}


def test_the_room_form_lists_every_game_with_its_options(client: TestClient) -> None:
    page = client.get("/trainer")
    assert page.status_code == 200
    for game_id in game_ids():
        game = get_game(game_id)
        assert f'data-game="{game_id}"' in page.text
        for name in game.options_model.model_fields:
            # Nothing to claim (FinanciaLit has no automations): the option is not offered.
            offered = name != "manual_claims" or bool(game.state_class.automations)
            assert (f'id="opt-{game_id}-{name}"' in page.text) == offered, name
    assert 'id="opt-financialit-manual_claims"' not in page.text
    # Each option in words, its variant-file name small under it; no code markup or JSON
    # null shown.
    assert ">Turn limit</label>" in page.text
    assert "In a variant file: <code>turn_limit</code>" in page.text
    assert "``" not in page.text and "null" not in page.text


def test_room_pages_qr_and_a_missing_room(client: TestClient) -> None:
    created = client.post(
        "/api/rooms", json={"game": "financity", "seats": [{"kind": "learner"}] * 2}
    ).json()
    code = created["code"]
    for path in [
        "/",
        "/play",
        f"/play/{code}",
        f"/trainer/{code}",
        f"/projector/{code}",
        f"/hotseat/{code}",
        f"/play/{code.lower()}",
    ]:
        page = client.get(path)
        assert page.status_code == 200, path
        assert page.headers["content-type"].startswith("text/html")
    qr = client.get(f"/qr/{code}.svg")
    assert qr.status_code == 200 and qr.headers["content-type"] == "image/svg+xml"
    assert b"<svg" in qr.content
    missing = client.get("/projector/NOPE99")
    assert missing.status_code == 404
    assert "no room with the code NOPE99" in missing.text
    assert client.get("/qr/NOPE99.svg").status_code == 404
    # The page's own data never closes its script element early.
    assert "</script>" not in script_json({"text": "</script><b>"})
    assert client.get("/static/live.js").status_code == 200


@pytest.mark.parametrize(
    ("game", "heading", "full"),
    [
        ("monitics", "Players", "Every player's full state"),
        ("rut-to-riches", "Players", "Every player's full state"),
        ("financialit", "Families", ""),
    ],
)
def test_the_pages_call_the_households_as_the_game_does(
    client: TestClient, game: str, heading: str, full: str
) -> None:
    seats = [{"kind": "learner"}] * 3
    code = client.post("/api/rooms", json={"game": game, "seats": seats}).json()["code"]
    assert f'<h2 id="families-heading">{heading}</h2>' in client.get(f"/projector/{code}").text
    console = client.get(f"/trainer/{code}").text
    assert (full or "Every family's full state") in console
    # (Rut to Riches has cards about families: "Families want houses".)
    assert game != "monitics" or "Famil" not in console + client.get(f"/projector/{code}").text


def test_a_browser_at_an_address_with_no_page_gets_a_page_and_the_api_json(
    client: TestClient,
) -> None:
    browser = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    page = client.get("/nope", headers=browser)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "No such page" in page.text and "There is no page at /nope." in page.text
    assert 'href="/play"' in page.text
    for path in ["/nope", "/api/nope", "/static/nope.js"]:
        asked = client.get(path, headers=browser if path != "/nope" else {})
        assert asked.status_code == 404
        assert asked.json() == {"error": {"code": "http", "message": "Not Found"}}, path


def test_pages_opened_at_localhost_send_learners_to_the_network_address(tmp_path: Path) -> None:
    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 'rooms.db'}", learners_url="http://192.168.1.23:8000"
    )
    app = create_app(settings)
    # The trainer's laptop opened its own console as "localhost", which no phone can reach.
    with TestClient(app, base_url="http://localhost:8000") as laptop:
        code = laptop.post(
            "/api/rooms", json={"game": "monitics", "seats": [{"kind": "learner"}] * 2}
        ).json()["code"]
        for path in [f"/projector/{code}", f"/trainer/{code}"]:
            page = laptop.get(path).text
            assert "<strong>192.168.1.23:8000/play</strong>" in page, path
            assert f'src="/qr/{code}.svg"' in page, path  # the class scans it from the screen
        # A seat moved to a new phone gets a link on that address too.
        assert 'data-base="http://192.168.1.23:8000"' in laptop.get(f"/trainer/{code}").text
        qr = laptop.get(f"/qr/{code}.svg").content
        assert qr == qr_svg(f"http://192.168.1.23:8000/play/{code}")
    # Opened at the network address (a second screen, a phone), the pages keep it.
    with TestClient(app, base_url="http://192.168.1.23:8000") as phone:
        assert "<strong>192.168.1.23:8000/play</strong>" in phone.get(f"/projector/{code}").text


def test_monitics_figures_on_a_family_card_add_up_to_its_net_worth() -> None:
    """The card shows what net worth counts, money other players still owe included (R22):
    cash + savings + assets + owed to them − debts = net worth, as drawn."""
    game = get_game("monitics")
    state = game.new_state([Seat(n) for n in ("Ana", "Ben", "Cy")], 6)
    shown = [f["path"] for f in game_art("monitics")["figures"] if f.get("money")]
    assert "owed_by_others" in shown
    rng = random.Random(6)
    while not state.terminal:
        for family in state.view(None)["players"]:
            if family["out"]:
                continue
            plus = family["cash"] + family["savings"] + family["asset_value"]
            assert plus + family["owed_by_others"] - family["liabilities"] == family["net_worth"]
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_rut_to_riches_pages_word_what_a_card_on_the_table_allows() -> None:
    """The question over a card says "buy it or pass", or adds an offer to another player
    where the card allows one: the pages word the decision's `choices` from the game's words
    (never "buy or pass" from the identifier)."""
    game = get_game("rut-to-riches")
    words = page_data("rut-to-riches")["art"]["words"]
    state = game.new_state([Seat(f"p{i}") for i in range(3)], 2)
    rng = random.Random(2)
    seen: set[str] = set()
    for _ in range(4000):
        if state.terminal or len(seen) == 2:
            break
        decision = state.view(None).get("decision") or {}
        if decision.get("kind") == "opportunity":
            seen.add(decision["choices"])
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen == {"buy_or_pass", "buy_pass_or_offer"}
    assert words["buy_or_pass"] == "buy it or pass"
    assert words["buy_pass_or_offer"] == "buy it, pass, or offer it to another player"


def test_a_rut_to_riches_family_card_lists_each_debt_still_owed() -> None:
    """A learner asked how much to pay off sees what is owed: the family card's "Debts owed"
    lists each debt with its amount, by its pay-off button's name, and drops one paid off."""
    art = game_art("rut-to-riches")
    assert art["cards"]["debts"]["label"] == "Debts owed"
    game = get_game("rut-to-riches")
    state: Any = game.new_state([Seat("Ana"), Seat("Ben")], 1, forced={"job": ["janitor"]})
    while state.decision is not None and state.decision.kind != "turn":
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_move()[0]
    p = state.players[seat]
    p.debt["bank"] = 1000
    family = state.view(seat)["players"][seat]
    owed = {line: p.debt[line] for line in ("credit_card", "car", "home") if p.debt[line]}
    assert family["debts"] == [
        *(
            f"{name} debt: ${owed[line]:,}"
            for line, name in (("credit_card", "Credit card"), ("car", "Car"), ("home", "Home"))
            if line in owed
        ),
        "Bank overdraft: $1,000",
    ]
    assert "education" not in " ".join(family["debts"]).lower()  # nothing owed: not listed
    state.ledger.post("bank", f"cash:{seat}", p.debt["credit_card"], "test.adjust", {})
    state.apply(seat, PayOff("credit_card", p.debt["credit_card"]))
    after = state.view(None)["players"][seat]["debts"]
    assert not any(d.startswith("Credit card") for d in after) and len(after) == len(owed)


def test_rut_to_riches_board_gives_each_track_its_squares_names() -> None:
    """The projector's two tracks can name their squares as the phones do ("5 · Choose A
    Deal"): each track carries its squares, one per square, each in the game's words."""
    art = page_data("rut-to-riches")["art"]
    board, words = art["board"], art["words"]
    for track in board["tracks"]:
        assert len(track["cells"]) == track["size"], track["id"]
        names = [words[f"{board['field']}={kind}"] for kind in track["cells"]]
        assert all(name and "_" not in name for name in names), names
    rut, inner = (track["cells"] for track in board["tracks"])
    assert words[f"square_kind={rut[0]}"] == "Pay Day"
    assert words[f"square_kind={rut[1]}"] == "Choose A Deal"
    assert rut != inner[: len(rut)]

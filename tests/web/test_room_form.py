"""The trainer's form for a new room: a seat asks for a name only when it is a team's."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, new_page


def test_only_a_team_seat_asks_for_a_team_name(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser, LAPTOP)
    page.goto(f"{server.base}/trainer")
    page.select_option("#game", "monitics")
    while page.locator("#seats li").count() < 3:
        page.click("#add-seat")
    rows = page.locator("#seats li")
    names = page.locator("#seats li .team-name")
    # Learners' seats take the names they join with: no field for them.
    assert [names.nth(i).is_visible() for i in range(3)] == [False, False, False]
    rows.nth(1).locator(".seat-kind").select_option("team")
    rows.nth(2).locator(".seat-kind").select_option("bot:saver")
    assert [names.nth(i).is_visible() for i in range(3)] == [False, True, False]
    rows.nth(1).locator(".seat-name").fill("Blue")
    # A seat changed back from a team hides its field again.
    rows.nth(1).locator(".seat-kind").select_option("learner")
    assert not names.nth(1).is_visible()
    rows.nth(1).locator(".seat-kind").select_option("team")
    assert names.nth(1).is_visible()
    page.click("#create button[type=submit]")
    page.wait_for_url("**/trainer/*")
    code = page.url.rsplit("/", 1)[1]
    seats = httpx2.get(f"{server.base}/api/rooms/{code}", timeout=5).json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats][1] == ("team", "Blue")
    assert [s["kind"] for s in seats] == ["learner", "team", "bot"]
    assert page.errors == []


def rules_of(server: ServerProcess, page: Any) -> dict[str, Any]:
    """The options of the room the form made (the console is open): started with bots, its
    record says."""
    page.wait_for_url("**/trainer/*")
    code = page.url.rsplit("/", 1)[1]
    token = page.evaluate(f"localStorage.getItem('moneyboard.trainer.{code}')")
    headers = {"authorization": f"Bearer {token}"}
    start = {"directive": {"type": "start", "fill_bot": "random"}}
    reply = httpx2.post(
        f"{server.base}/api/rooms/{code}/directives", json=start, headers=headers, timeout=5
    )
    assert reply.status_code == 200, reply.text
    record = httpx2.get(f"{server.base}/api/rooms/{code}/record", headers=headers, timeout=5)
    options: dict[str, Any] = record.json()["options"]
    return options


def form(browser: Any, server: ServerProcess, game: str) -> Any:
    page = new_page(browser, LAPTOP)
    page.goto(f"{server.base}/trainer")
    page.select_option("#game", game)
    page.click(f"fieldset.options[data-game='{game}'] summary")
    return page


def refused(page: Any) -> str:
    page.click("#create button[type=submit]")
    page.wait_for_selector("#problem:not(:empty)")
    return str(page.inner_text("#problem"))


def test_each_option_says_what_it_takes_with_its_own_control(
    browser: Any, server: ServerProcess
) -> None:
    page = form(browser, server, "monitics")
    # A switch is a checkbox, a choice of values a list to choose from, a number a field
    # that says its range; the name is in words, its variant-file id small beside it.
    assert page.get_attribute("#opt-monitics-insurance_covers_cash_loss", "type") == "checkbox"
    assert page.is_checked("#opt-monitics-insurance_covers_cash_loss")
    choices = page.locator("#opt-monitics-bankruptcy option").all_inner_texts()
    assert choices == ["Player out", "Game ends (default)"]
    assert page.inner_text("label[for=opt-monitics-bankruptcy]") == "Bankruptcy"
    hint = page.inner_text("#desc-opt-monitics-start_cash")
    assert "Write a whole number from 0 to 100,000. Default: 500." in hint
    assert hint.endswith("In a variant file: start_cash")
    shown = page.inner_text("fieldset.options[data-game=monitics]")
    assert 'Default: "' not in shown and "Default: null" not in shown  # no JSON defaults
    page.select_option("#game", "financialit")
    assert page.locator("#opt-financialit-manual_claims").count() == 0  # nothing to claim
    page.click("fieldset.options[data-game='financialit'] summary")
    draws = page.locator("#opt-financialit-income_draw option").all_inner_texts()
    assert draws == ["Each (default)", "One for all", "None"]
    # Only what differs from the defaults is sent.
    page.select_option("#game", "monitics")
    page.uncheck("#opt-monitics-insurance_covers_cash_loss")
    page.select_option("#opt-monitics-bankruptcy", "player_out")
    page.fill("#opt-monitics-start_cash", "800")
    page.click("#create button[type=submit]")
    assert rules_of(server, page) == {
        "insurance_covers_cash_loss": False,
        "bankruptcy": "player_out",
        "start_cash": 800,
    }
    assert page.errors == []


def test_option_fields_are_written_as_in_a_variant_file(
    browser: Any, server: ServerProcess
) -> None:
    page = form(browser, server, "financialit")
    page.fill("#opt-financialit-rounds", "[1,")
    page.fill("#opt-financialit-goods_min", "four")
    said = refused(page)
    # Each bad field is named once, with what it takes.
    assert said == (
        "Option 'rounds' cannot be read as written ([1,): it takes a whole number from 1 to 20;"
        " option 'goods_min' must be a whole number (not 'four')."
    )
    # An option's own name opens the sentence as the variant file writes it.
    page.fill("#opt-financialit-rounds", "")
    page.fill("#opt-financialit-goods_min", "5")
    page.fill("#opt-financialit-goods_max", "3")
    assert refused(page) == "goods_max must not be below goods_min."
    page.fill("#opt-financialit-goods_min", "")
    page.fill("#opt-financialit-goods_max", "")
    page.fill("#opt-financialit-luxury_changes", "{jewellery = {cost = 11}}")
    page.fill("#opt-financialit-event_order", '["fire", "flu"]')
    page.click("#create button[type=submit]")
    assert rules_of(server, page) == {
        "luxury_changes": {"jewellery": {"cost": 11}},
        "event_order": ["fire", "flu"],
    }
    assert page.errors == []


def test_a_variant_is_pasted_or_chosen_in_toml_or_json(
    browser: Any, server: ServerProcess, tmp_path: Any
) -> None:
    page = form(browser, server, "rut-to-riches")
    page.fill("#variant", "# nothing set yet\n")
    assert refused(page).startswith("The variant is empty: it changes no rule option.")
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    page.set_input_files("#variant-file", str(empty))
    page.wait_for_selector("#problem:has-text('empty.toml: The variant is empty')")
    binary = tmp_path / "photo.json"
    binary.write_bytes(bytes(range(256)) * 4)
    page.set_input_files("#variant-file", str(binary))
    page.wait_for_selector("#problem:has-text('photo.json is not a text file')")
    large = tmp_path / "large.toml"
    large.write_text("#" * 60_000)
    page.set_input_files("#variant-file", str(large))
    page.wait_for_selector("#problem:has-text('large.toml is too large for a variant file')")
    saved = tmp_path / "audit.json"
    saved.write_text('{"options": {"auditor": true, "audit_every": 5}}')
    page.set_input_files("#variant-file", str(saved))
    page.wait_for_selector("#variant-said:has-text('Read audit.json')")
    assert page.input_value("#variant").startswith('{"options"')
    page.click("#create button[type=submit]")
    assert rules_of(server, page) == {"auditor": True, "audit_every": 5}
    # Pasted JSON is read as JSON too, without being told.
    page = form(browser, server, "rut-to-riches")
    page.fill("#variant", '{"options": {"auditor": true}}')
    page.click("#create button[type=submit]")
    assert rules_of(server, page) == {"auditor": True}
    assert page.errors == []


def test_a_long_variant_is_refused_by_its_length_in_characters(
    browser: Any, server: ServerProcess
) -> None:
    page = form(browser, server, "rut-to-riches")
    accented = "# é è ü ñ ø à " * 700 + "\nauditor = true\n"  # 10,516 characters
    page.fill("#variant", accented)
    page.click("#create button[type=submit]")
    assert rules_of(server, page) == {"auditor": True}
    page = form(browser, server, "rut-to-riches")
    page.fill("#variant", "#" + "é" * 12_500)
    said = refused(page)
    assert said == "The variant is too long: 12,501 characters, and a variant holds at most 12,000."
    assert page.errors == []

"""A new room's rules as the trainer gives them: a variant file in TOML or JSON, and the
form's option fields written as in a variant file."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

SEATS = [{"kind": "learner"}] * 3


def create(client: TestClient, **body: Any) -> Any:
    return client.post("/api/rooms", json={"game": "rut-to-riches", "seats": SEATS, **body})


def options_of(client: TestClient, reply: Any) -> dict[str, Any]:
    assert reply.status_code == 201, reply.text
    code, token = reply.json()["code"], reply.json()["trainer_token"]
    headers = {"authorization": f"Bearer {token}"}
    start = {"directive": {"type": "start", "fill_bot": "random"}}
    assert client.post(f"/api/rooms/{code}/directives", json=start, headers=headers).is_success
    record = client.get(f"/api/rooms/{code}/record", headers=headers)
    options: dict[str, Any] = record.json()["options"]
    return options


def error(reply: Any) -> str:
    assert reply.status_code == 400, reply.text
    message: str = reply.json()["error"]["message"]
    return message


def test_a_json_variant_is_read_as_json_without_being_told(client: TestClient) -> None:
    reply = create(client, variant='{"options": {"auditor": true, "audit_every": 5}}')
    assert options_of(client, reply) == {"auditor": True, "audit_every": 5}
    flat = create(client, variant='  {"auditor": true}\n')
    assert options_of(client, flat) == {"auditor": True}
    told = create(client, variant='{"auditor": true}', variant_format="json")
    assert options_of(client, told) == {"auditor": True}
    # TOML is still the default, and a table header does not look like JSON.
    toml = create(client, variant="[options]\nauditor = true\n")
    assert options_of(client, toml) == {"auditor": True}
    broken = error(create(client, variant='{"auditor": tru}'))
    assert broken.startswith("the variant is not valid JSON")


def test_an_empty_variant_is_refused_in_words(client: TestClient) -> None:
    for text in ["", "   \n", "# only a comment\n", "[options]\n", "{}", '{"options": {}}']:
        said = error(create(client, variant=text))
        assert said.startswith("the variant is empty: it changes no rule option"), text


def test_the_forms_fields_are_read_as_a_variant_file_writes_them(client: TestClient) -> None:
    written = {
        "auditor": "true",
        "audit_every": " 5 ",
        "minutes_limit": "none",
        "turn_limit": "",
    }
    reply = create(client, options_written=written)
    assert options_of(client, reply) == {"auditor": True, "audit_every": 5}
    table = client.post(
        "/api/rooms",
        json={
            "game": "financialit",
            "seats": SEATS,
            "options_written": {"luxury_changes": "{jewellery = {cost = 11}}", "rounds": "3"},
        },
    )
    assert options_of(client, table) == {"luxury_changes": {"jewellery": {"cost": 11}}, "rounds": 3}


def test_each_field_that_cannot_be_read_is_named(client: TestClient) -> None:
    written = {"audit_every": "[1,", "dice": "2\nauditor = true", "share_cards": "9"}
    said = error(create(client, options_written=written))
    assert said == (
        "option 'audit_every' cannot be read as written ([1,): it takes a whole number from 1"
        " to 200; option 'dice' cannot be read as written (2\nauditor = true): it takes a whole"
        " number from 1 to 2; option 'share_cards' must be at most 3 (not 9)"
    )
    # A word is text, and the option's own check says what it takes.
    assert "option 'dice' must be a whole number" in error(
        create(client, options_written={"dice": "two"})
    )


def test_a_long_variant_is_refused_by_its_own_limit_in_characters(client: TestClient) -> None:
    accented = "# é è ü ñ ø " * 990 + "\nauditor = true\n"  # under 12,000 characters
    assert len(accented) < 12_000 < len(accented.encode())
    assert options_of(client, create(client, variant=accented)) == {"auditor": True}
    four_bytes = "#" + "💰" * 12_000  # 48,000 bytes in UTF-8: over by characters
    reply = create(client, variant=four_bytes)
    assert reply.status_code == 422
    assert "12000" in reply.json()["error"]["message"]


def test_the_games_options_name_what_learners_may_claim(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    claims = next(o for o in games["monitics"]["options"] if o["name"] == "manual_claims")
    assert claims["ids"] == ["business_grant", "habits_reward", "ownership_reward"]

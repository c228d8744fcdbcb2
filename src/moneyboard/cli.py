"""The ``moneyboard`` command: play in the terminal, replay records, list rules, bench speed.

Every error a person can cause (an unknown game, a bad seat list, rules file or record, an
illegal move) is reported as one line on stderr with a non-zero exit, never a traceback.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, NoReturn
from urllib.parse import urlsplit

import typer
import typer.core
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from moneyboard.bench import (
    ParallelBenchResult,
    SearchBenchResult,
    bench,
    bench_parallel,
    bench_search,
    default_players,
)
from moneyboard.bots import bot_kinds, bot_summary
from moneyboard.engine.errors import MoneyboardError, OptionsError, UnknownGameError
from moneyboard.engine.game import GameDef
from moneyboard.engine.options import describe_options, read_overrides
from moneyboard.engine.record import load_record
from moneyboard.engine.state import Seat, StuckGameError
from moneyboard.registry import game_ids, get_game
from moneyboard.terminal import PlaySession, parse_seats
from moneyboard.terminal.render import (
    board_table,
    event_lines,
    families_table,
    result_renderable,
)
from moneyboard.terminal.text import names_of


def _plain_flags(params: list[Any]) -> list[Any]:
    """On a help screen a plain flag (``--json``, ``--help``) shows no ``<bool>`` type."""
    for param in params:
        if isinstance(param, typer.core.TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
    return params


class _Command(typer.core.TyperCommand):
    """A command whose help reads as usual on a command line: plain flags without ``<bool>``,
    arguments in capitals on the usage line (``RECORD``, ``[GAME]`` when optional), not
    Typer's ``{record}``."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        return [
            piece.strip("{}").upper() if piece.startswith("{") else piece.upper()
            for piece in super().collect_usage_pieces(ctx)
        ]


class _Group(typer.core.TyperGroup):
    """The ``moneyboard`` command itself, its flags shown as :class:`_Command`'s are."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _plain_flags(super().get_params(ctx))


app = typer.Typer(
    cls=_Group,
    name="moneyboard",
    help="Financial-literacy board games for the classroom.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for machines.")]


def _say_version(asked: bool) -> None:
    """``--version``: the installed moneyboard's version, then stop."""
    if asked:
        typer.echo(f"moneyboard {metadata.version('moneyboard')}")
        raise typer.Exit


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_say_version, is_eager=True, help="Print the version."),
    ] = False,
) -> None:
    """Financial-literacy board games for the classroom."""


def _fail(message: str) -> NoReturn:
    """One clear line on stderr, exit status 1."""
    typer.echo(f"moneyboard: {' '.join(message.split())}", err=True)
    raise typer.Exit(1)


@contextmanager
def _person_errors() -> Iterator[None]:
    """Turn the errors a person can cause into one line on stderr."""
    try:
        yield
    except OptionsError as exc:
        hint = "unknown option" in str(exc)
        _fail(f"{exc} ('moneyboard rules GAME' lists every option)" if hint else str(exc))
    except MoneyboardError as exc:
        _fail(str(exc))


def _rules_file(path: Path, option: str = "--rules") -> dict[str, Any]:
    """A variant file's overrides; one that sets no option is refused, as the classroom
    server refuses an empty variant: it is more likely the wrong file than a wish for the
    game's own rules, which leaving the option out gives."""
    overrides = read_overrides(path)
    if not overrides:
        raise OptionsError(
            f"rules file {path} is empty: it changes no rule option. Give a file that sets "
            f"at least one option, or leave {option} out to play the game's own rules"
        )
    return overrides


def _console() -> Console:
    return Console(highlight=False)


def _game(game_id: str) -> GameDef:
    """The game with this id; a game that is listed but cannot be loaded is named as such."""
    try:
        return get_game(game_id)
    except ModuleNotFoundError as exc:
        raise UnknownGameError(f"game {game_id!r} cannot be loaded: {exc}") from None


def _default_seats(game: GameDef) -> list[Seat]:
    """One person ("Player 1": the game's sentences name a seat in the third person, and
    "You starts the year" reads wrong) and bots of different kinds up to four seats."""
    kinds = [k for k in bot_kinds() if k != "random"] or ["random"]
    n = default_players(game)
    text = ",".join(["Player 1", *(f"bot:{kinds[i % len(kinds)]}" for i in range(n - 1))])
    return parse_seats(text)


def _read_line() -> str | None:
    line = sys.stdin.readline()
    return line if line else None


GAME_HELP = f"Game id: {', '.join(game_ids())}."
SEATS_HELP = (
    "Comma-separated seats: a person's name, or bot:KIND for a bot. Kinds: "
    + "; ".join(f"{k} ({bot_summary(k)})" for k in bot_kinds())
    + ". Default: one person (Player 1) and bots up to four seats."
)


@app.command(cls=_Command)
def play(  # noqa: PLR0917 - one parameter per command-line option
    game: Annotated[str | None, typer.Argument(help=GAME_HELP)] = None,
    seats: Annotated[str | None, typer.Option(help=SEATS_HELP)] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for dice and cards (default: random).")
    ] = None,
    rules: Annotated[
        Path | None, typer.Option(help="Variant file (TOML or JSON) of rule option overrides.")
    ] = None,
    record: Annotated[
        Path | None, typer.Option(help="Write the game record here, move by move.")
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(help="Carry on a saved game from its record (and keep recording there)."),
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace an existing file named by --record.")
    ] = False,
) -> None:
    """Play a game in the terminal: people take turns at the keyboard, bots play themselves."""
    with _person_errors():
        if resume is not None:
            if seats is not None or seed is not None or rules is not None or record is not None:
                _fail("--resume carries on the saved game as it was: it takes no other options")
            saved = load_record(resume)
            if game is not None and game != saved.game:
                _fail(f"{resume} is a game of {saved.game}, not {game}")
            state = _game(saved.game).replay(saved)
            record = resume
        else:
            if game is None:
                _fail("name the game to play (e.g. financialit), or --resume a saved game")
            if record is not None and record.is_dir():
                example = record / "game.json"
                _fail(f"{record} is a folder: give --record a file's name, e.g. {example}")
            if record is not None and record.exists() and not overwrite:
                _fail(
                    f"{record} already holds a game record: carry that game on with "
                    f"--resume {record}, record to another file, or add --overwrite to replace it"
                )
            definition = _game(game)
            seat_list = parse_seats(seats) if seats is not None else _default_seats(definition)
            options = definition.options(_rules_file(rules) if rules is not None else None)
            if seed is None:
                seed = random.SystemRandom().randrange(1_000_000)
            state = definition.new_state(seat_list, seed, options)
        session = PlaySession(
            state,
            _console(),
            _read_line,
            record,
            echo_input=not sys.stdin.isatty(),
            resumed=resume is not None,
        )
        try:
            session.run()
        except KeyboardInterrupt:
            kept = f"; the game so far is in {record}: {session.carry_on()}" if record else ""
            typer.echo(f"\nmoneyboard: stopped{kept}", err=True)
            raise typer.Exit(130) from None


@app.command("replay", cls=_Command)
def replay_command(
    record: Annotated[Path, typer.Argument(help="A game record (JSON) to rebuild.")],
    as_json: JsonFlag = False,
) -> None:
    """Rebuild a game from its record and print its final state."""
    with _person_errors():
        saved = load_record(record)
        state = _game(saved.game).replay(saved)
    if as_json:
        typer.echo(json.dumps(state.full_view(), sort_keys=True))
        return
    console = _console()
    title = _game(state.game_id).title
    console.print(Rule(f"{escape(title)} - seed {state.seed}, {len(state.moves)} moves"))
    # The story in plain words, as the terminal tells it during play, then the final state.
    happened, payments = event_lines(state, state.log, state.ledger.postings)
    for heading, lines in (("What happened:", happened), ("Money moved:", payments)):
        if lines:
            console.print(heading)
        for line in lines:
            console.print(Padding(Text(f"- {line}"), (0, 0, 0, 2), expand=False))
    view = state.view(None)
    console.print(families_table(state, view))
    board = board_table(state, view)
    if board is not None:
        console.print(board)
    if state.result is not None:
        console.print(result_renderable(state))
    else:
        waiting = names_of(state, state.to_move())
        console.print(f"The game is not over; waiting for {escape(waiting or 'chance')}.")


@app.command("rules", cls=_Command)
def rules_command(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    as_json: JsonFlag = False,
) -> None:
    """List every rule option of a game with its default and meaning."""
    with _person_errors():
        definition = _game(game)
    rows = describe_options(definition.options_model, definition.state_class.automations)
    if as_json:
        doc = {
            "game": definition.id,
            "title": definition.title,
            "players": [definition.min_players, definition.max_players],
            "options": rows,
        }
        typer.echo(json.dumps(doc, sort_keys=True, indent=1, default=str))
        return
    console = _console()
    console.print(
        f"[bold]{escape(definition.title)}[/bold] ({definition.id}), "
        f"{definition.min_players} to {definition.max_players} players. "
        + escape(definition.summary)
    )
    console.print("[bold]Rule options[/bold] (name: what to write; default; meaning):")
    for row in rows:
        console.print(
            f"[bold]{escape(row['name'])}[/bold]: {escape(row['accepts'])}; "
            f"default {escape(_default_in_words(row['default']))}"
        )
        console.print(Padding(Text(row["meaning"]), (0, 0, 0, 4)))
        if row["ids"]:
            console.print(Padding(Text("Ids: " + ", ".join(row["ids"])), (0, 0, 0, 4)))
    console.print(
        "Change options with a TOML file of overrides, e.g. a line 'name = value', and "
        f"'moneyboard play {definition.id} --rules FILE'. Write \"none\" (in quotes) for "
        "an option that may be none."
    )


def _default_in_words(value: Any) -> str:
    """An option's default as it would be written in a rules file (``none``, ``true``)."""
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    return json.dumps(value, default=str)


@app.command("bench", cls=_Command)
def bench_command(
    game: Annotated[str, typer.Argument(help="Game id, or 'all' for every game.")],
    *,
    seconds: Annotated[float, typer.Option(min=0.0, help="Seconds of play per game.")] = 5.0,
    players: Annotated[int | None, typer.Option(min=1, help="Players (default: up to 4).")] = None,
    as_json: JsonFlag = False,
    search: Annotated[
        bool, typer.Option("--search", help="Also time the search bot at its default budget.")
    ] = False,
    parallel: Annotated[
        int,
        typer.Option(
            min=0, help="Also play this many random games on one worker and on every core."
        ),
    ] = 0,
) -> None:
    """Measure speed: random games on one core, in decisions and games per second."""
    ids = game_ids() if game == "all" else [game]
    results = []
    extra: dict[str, dict[str, SearchBenchResult | ParallelBenchResult]] = {i: {} for i in ids}
    with _person_errors():
        for game_id in ids:
            definition = _game(game_id)
            if (
                players is not None
                and not definition.min_players <= players <= definition.max_players
            ):
                raise MoneyboardError(
                    f"{definition.title} is for {definition.min_players} to "
                    f"{definition.max_players} players, not {players}"
                )
            try:
                results.append(bench(definition, seconds, players))
                if search:
                    extra[game_id]["search"] = bench_search(definition, seconds, players)
                if parallel:
                    extra[game_id]["parallel"] = bench_parallel(
                        definition, parallel, players=players
                    )
            except StuckGameError as exc:
                _fail(str(exc))
    if as_json:
        doc = {r.game: {**r.to_json(), **_extra_json(extra[r.game])} for r in results}
        typer.echo(json.dumps(doc, sort_keys=True))
        return
    table = Table(title="Random playouts, one core", title_justify="left")
    for column in ("game", "players", "games", "decisions/s", "games/s", "decisions/game"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in results:
        table.add_row(
            r.game,
            str(r.players),
            str(r.games),
            f"{r.decisions_per_s:,.0f}",
            f"{r.games_per_s:,.1f}",
            f"{r.decisions_per_game:,.1f}",
        )
    _console().print(table)
    for game_id, figures in extra.items():
        for figure in figures.values():
            _console().print(f"{game_id}, {figure.words()}")


def _extra_json(
    figures: dict[str, SearchBenchResult | ParallelBenchResult],
) -> dict[str, dict[str, float | int]]:
    """The search and parallel figures of one game, as JSON."""
    return {name: figure.to_json() for name, figure in figures.items()}


SIM_SEATS_HELP = (
    "Comma-separated bot kinds, KIND*N for repeats, search:SIMS or search:MSms for a search "
    "budget. Default: personality bots up to four seats."
)


@app.command("simulate", cls=_Command)
def simulate_command(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    *,
    games: Annotated[int, typer.Option(min=1, help="Games to play (per rule set).")] = 100,
    seats: Annotated[str | None, typer.Option(help=SIM_SEATS_HELP)] = None,
    rules: Annotated[
        Path | None, typer.Option(help="Variant file (TOML or JSON) of rule option overrides.")
    ] = None,
    compare: Annotated[
        Path | None,
        typer.Option(help="A second variant file: the same seeds under both, compared."),
    ] = None,
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Worker processes (default: every core).")
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(help="Run on a Dask cluster: tcp://HOST:PORT.")
    ] = None,
    seed: Annotated[int, typer.Option(help="First seed; games use seed, seed+1, ...")] = 0,
    out: Annotated[Path, typer.Option(help="Directory for the tables and report.html.")] = Path(
        "simulation"
    ),
    records: Annotated[
        bool,
        typer.Option(help="Also write each game's record to OUT/records (to debrief one game)."),
    ] = False,
    fixed_seats: Annotated[
        bool,
        typer.Option(
            help="Seat every game in the order of --seats (by default the seats turn by one "
            "place each game, so that no bot keeps the first turn)."
        ),
    ] = False,
) -> None:
    """Play many bot games; write per-game and per-round tables and an HTML report."""
    from moneyboard.sim.commands import SimulateSettings, read_seats, simulate

    with _person_errors():
        definition = _game(game)
        settings = SimulateSettings(
            game=definition,
            kinds=read_seats(seats, definition),
            games=games,
            seed=seed,
            overrides=_rules_file(rules) if rules is not None else {},
            other_overrides=_rules_file(compare, "--compare") if compare is not None else None,
            workers=jobs,
            scheduler=scheduler,
            out=out,
            records=records,
            rotate=not fixed_seats,
            rules_name=rules.name if rules is not None else "the game's own rules",
            compare_name=compare.name if compare is not None else "",
        )
        try:
            simulate(settings, _console())
        except StuckGameError as exc:
            _fail(str(exc))


@app.command("tournament", cls=_Command)
def tournament_command(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    *,
    seats: Annotated[str | None, typer.Option(help=SIM_SEATS_HELP)] = None,
    games: Annotated[int, typer.Option(min=1, help="Games per seating.")] = 10,
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Worker processes (default: every core).")
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(help="Run on a Dask cluster: tcp://HOST:PORT.")
    ] = None,
    seed: Annotated[int, typer.Option(help="First seed of every seating.")] = 0,
) -> None:
    """Play every seating of the bots many times; win rates and margins with 95% intervals."""
    from moneyboard.sim.commands import read_seats, tournament

    with _person_errors():
        definition = _game(game)
        kinds = read_seats(seats, definition)
        try:
            tournament(
                definition,
                kinds,
                games,
                seed=seed,
                workers=jobs,
                scheduler=scheduler,
                console=_console(),
            )
        except StuckGameError as exc:
            _fail(str(exc))


@app.command("debrief", cls=_Command)
def debrief_command(  # noqa: PLR0917 - one parameter per command-line option
    record: Annotated[Path, typer.Argument(help="A game record (JSON) to debrief.")],
    out: Annotated[
        Path | None,
        typer.Option(help="Write the HTML report here (default: beside the record)."),
    ] = None,
    what_if: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--what-if",
            metavar="ENTRY ACTION",
            help="Play ACTION instead of the move at entry ENTRY of the record, then play on "
            "with bots and compare (ACTION as the report lists it, e.g. 'borrow 500', or JSON).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the simulated finishes.")] = 0,
    budget: Annotated[
        float, typer.Option(min=0.0, help="Seconds of simulated play for the turning points.")
    ] = 8.0,
    games: Annotated[int, typer.Option(min=1, help="Games per branch of a what-if.")] = 20,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bot kind that plays every seat on in a what-if (default: each seat's own "
            "bot, random for a person); 'random' is quickest."
        ),
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Debrief a game: summary, the decisions that mattered, what if; an HTML report with charts."""
    from moneyboard.debrief.command import run_debrief

    with _person_errors():
        run_debrief(
            record,
            _console(),
            out=out,
            what_if_move=_what_if(what_if),
            seed=seed,
            budget=budget,
            games=games,
            bots=bots,
            as_json=as_json,
        )


def _what_if(given: tuple[str, str] | None) -> tuple[int, str] | None:
    """``--what-if ENTRY ACTION`` with ENTRY read as an entry number, in words if it is not."""
    if given is None:
        return None
    entry, action = given
    if not entry.strip().isdigit():
        raise MoneyboardError(
            f"--what-if ENTRY ACTION: ENTRY is the number of a record entry (the report "
            f"lists them, e.g. 57), not '{entry}'"
        )
    return int(entry), action


#: Where the classroom server keeps its rooms unless told: a SQLite file here.
SERVE_DB = "sqlite:///moneyboard-rooms.db"


@app.command(
    "serve",
    cls=_Command,
    # The URLs in full width, below the options: in an option's column of an 80-column
    # terminal they were cut short ("postgresql://user@ho…").
    epilog=(
        "The rooms are kept in a SQLite file here unless told otherwise:\n"
        f"  --db {SERVE_DB}\n"
        "In a PostgreSQL database instead (add --notify when several servers share it):\n"
        "  --db postgresql://user@host/name\n"
        "When learners' phones reach this machine by another address than its own:\n"
        "  --public-url http://10.0.0.5:8000\n"
        "Only the trainer creates rooms with a passcode, typed unseen (bash, zsh):\n"
        "  read -rs MONEYBOARD_PASSCODE && export MONEYBOARD_PASSCODE"
    ),
)
def serve_command(
    *,
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: every network of this machine).")
    ] = "0.0.0.0",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(
            help="Database URL: a SQLite file (the default) or PostgreSQL; both below.",
            show_default=False,  # a URL is too long for the column: written out below
        ),
    ] = SERVE_DB,
    max_rooms: Annotated[int, typer.Option(min=1, help="Rooms this server holds at once.")] = 200,
    bot_step: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Seconds between two bot moves, so a class can follow (twice that after "
            "a big event).",
        ),
    ] = 1.5,
    notify: Annotated[
        bool,
        typer.Option(help="Share rooms with other server processes on the same PostgreSQL."),
    ] = False,
    rate: Annotated[
        float,
        typer.Option(
            min=1.0,
            help="Messages a second one connection may send on average (bursts of twice "
            "that); more is refused with a message.",
        ),
    ] = 20.0,
    public_url: Annotated[
        str | None,
        typer.Option(
            help="The address learners' phones open, when this machine's own network "
            "address, found by itself, is not the one they reach (an example below).",
        ),
    ] = None,
    compress: Annotated[
        bool,
        typer.Option(
            help="Compress what is sent to browsers: about a quarter of the bytes, for a "
            "crowded Wi-Fi, at about 2.5 times the server's work a move.",
        ),
    ] = False,
    passcode: Annotated[
        str | None,
        typer.Option(
            envvar="MONEYBOARD_PASSCODE",
            show_envvar=True,
            show_default=False,
            help="A passcode the create-room page asks for, so only the trainer creates "
            "rooms (none: anyone may); best set in the environment variable, out of the "
            "shell's history and the list of processes (below).",
        ),
    ] = None,
    quiet: Annotated[bool, typer.Option(help="Log warnings only.")] = False,
) -> None:
    """Run the classroom server: rooms, join codes, a trainer's controls, nothing lost."""
    from moneyboard.server.main import serve
    from moneyboard.server.passcode import passcode_problem, tidy
    from moneyboard.server.settings import Settings

    if notify and not db.startswith("postgresql"):
        _fail("--notify needs a PostgreSQL database (--db postgresql://...)")
    if passcode is not None and (problem := passcode_problem(passcode)) is not None:
        _fail(f"--passcode (or MONEYBOARD_PASSCODE): {problem}")
    settings = Settings(
        db_url=db,
        max_rooms=max_rooms,
        bot_step=bot_step,
        bot_pause=bot_step,
        notify=notify,
        rate_per_second=rate,
        rate_burst=round(2 * rate),
        learners_url=_public_url(public_url),
        compress=compress,
        passcode=tidy(passcode) if passcode is not None else None,
    )
    serve(host, port, settings, quiet=quiet)


def _public_url(text: str | None) -> str | None:
    """``--public-url`` checked: an http(s) address with a host, without a trailing slash."""
    if text is None:
        return None
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        _fail(f"--public-url must be an address like http://10.0.0.5:8000, not {text!r}")
    return text.strip().rstrip("/")


rooms_app = typer.Typer(
    cls=_Group,
    name="rooms",
    help="See and clear the rooms a classroom server keeps (on the --db that serve uses).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(rooms_app)

RoomsDb = Annotated[
    str,
    typer.Option(
        "--db",
        metavar="URL",
        help=f"The database 'moneyboard serve' keeps its rooms in ({SERVE_DB} by default).",
        show_default=False,  # a URL is too long for the column: said in the help
    ),
]


@rooms_app.command("list", cls=_Command)
def rooms_list_command(db: RoomsDb = SERVE_DB, as_json: JsonFlag = False) -> None:
    """Every stored room: code, game, when made, ended or in play, moves, seats (no secrets)."""
    from moneyboard.server import admin

    with _person_errors():
        store = admin.open_store(db)
    try:
        rooms = store.summaries()
    finally:
        admin.close_store(store)
    if as_json:
        typer.echo(json.dumps([admin.summary_json(room) for room in rooms], indent=2))
        return
    console = _console()
    if not rooms:
        console.print("No rooms are stored.")
        return
    console.print(_rooms_table(rooms))
    in_play = sum(1 for room in rooms if not room.ended)
    console.print(
        f"{len(rooms)} room{'' if len(rooms) == 1 else 's'}: {in_play} not ended (these count "
        "against serve's --max-rooms), "
        f"{len(rooms) - in_play} ended (kept for their debrief until deleted)."
    )


def _rooms_table(rooms: list[Any]) -> Table:
    """Stored rooms as a table (``rooms list``, and what ``rooms delete`` asks about)."""
    from moneyboard.server import admin

    table = Table(box=None, pad_edge=False)
    for column in ("Code", "Game", "Created", "Status", "Last entry", "Moves", "Seats", "Joined"):
        table.add_column(
            column, justify="right" if column in ("Moves", "Seats", "Joined") else "left"
        )
    for room in rooms:
        table.add_row(
            room.code,
            escape(admin.game_title(room.game)),
            admin.when(room.created_at),
            room.status,
            admin.when(room.last_at),
            str(room.moves),
            str(room.seats),
            str(room.joined),
        )
    return table


@rooms_app.command("delete", cls=_Command)
def rooms_delete_command(
    codes: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="CODE", help="Join codes of the rooms to delete.", show_default=False
        ),
    ] = None,
    ended_before: Annotated[
        float | None,
        typer.Option(
            min=0.0,
            metavar="DAYS",
            help="Delete every room whose game ended more than DAYS days ago (0: every "
            "ended room).",
        ),
    ] = None,
    in_play: Annotated[
        bool,
        typer.Option(
            "--in-play",
            help="Also delete the rooms named that are still in play (a server running them "
            "tells their players the room was deleted).",
        ),
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before deleting.")] = False,
    db: RoomsDb = SERVE_DB,
) -> None:
    """Delete stored rooms with their records (a debrief cannot be opened again)."""
    from moneyboard.server import admin

    if bool(codes) == (ended_before is not None):
        _fail("give the codes of the rooms to delete, or --ended-before DAYS (not both)")
    if in_play and ended_before is not None:
        _fail("--in-play deletes only rooms named by their code, not with --ended-before")
    with _person_errors():
        store = admin.open_store(db)
    try:
        with _person_errors():
            rooms = store.summaries()
            if ended_before is not None:
                chosen = admin.ended_before(rooms, ended_before, admin.now())
            else:
                chosen = admin.chosen_by_code(rooms, codes or [], in_play=in_play)
        if not chosen:
            typer.echo(f"No room ended more than {ended_before:g} days ago: nothing to delete.")
            return
        what = "this room and its record" if len(chosen) == 1 else f"these {len(chosen)} rooms"
        _console().print(_rooms_table(chosen))
        if not yes and not _confirmed(f"Delete {what}?"):
            _fail("nothing was deleted (--yes deletes without asking)")
        deleted = admin.delete(store, chosen, in_play=in_play)
    finally:
        admin.close_store(store)
    kept = [room.code for room in chosen if room.code not in deleted]
    typer.echo(f"Deleted {len(deleted)} room{'' if len(deleted) == 1 else 's'}.")
    if kept:
        _fail(f"kept {', '.join(kept)}: back in play or gone since it was listed")


def _confirmed(question: str) -> bool:
    """Whether the person at the terminal answers yes (no answer, no input: no)."""
    try:
        return typer.confirm(question, default=False)
    except (typer.Abort, EOFError):
        return False


def main() -> None:
    """Entry point of the ``moneyboard`` console script."""
    app()

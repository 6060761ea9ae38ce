"""The HTTP API's bodies as pydantic models, so the OpenAPI page (``/docs``) documents them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from gamenight.server.storage import DEFAULT_CLAIM_WINDOW_MS

OptionValue = bool | int | str
#: a client's id for one move (a UUID fits): the same id sent again is answered, never made twice
MOVE_ID_PATTERN = r"^[A-Za-z0-9_.:-]{1,64}$"


class ErrorDetail(BaseModel):
    code: str = Field(description="Stable code: illegal_move, not_your_turn, stale_version, bad_token, "
                                  "unknown_table, unknown_game, bad_options, bad_seats, bad_request, "
                                  "too_large, unsupported_media_type, too_many_requests, not_over, "
                                  "hints_off, no_hint, hint_slow, storage_error, internal_error.")
    message: str = Field(description="A sentence for the person (for illegal moves, the engine's own).")
    version: int | None = Field(None, description="The table's current version, where there is a table.")
    retry_after: int | None = Field(None, description="Seconds to wait before trying again (429s).")


class ErrorBody(BaseModel):
    error: ErrorDetail


#: the error answers every JSON route may give, documented on each (the same JSON body)
ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody} for status in (400, 403, 404, 409, 413, 415, 422, 429, 500, 503)
}


class OptionSchema(BaseModel):
    name: str
    default: OptionValue
    label: str
    help: str = Field(description="The rule the option changes.")
    type: Literal["bool", "int", "str"]
    choices: list[str] | None = Field(None, description="The values a program sends.")
    choice_labels: dict[str, str] | None = Field(
        None, description="Per value in choices, the sentence a person reads for it.")
    minimum: int | None = None
    maximum: int | None = None


class PresetSchema(BaseModel):
    description: str
    values: dict[str, OptionValue]
    players: list[int] | None = Field(None, description="The player counts it is written for (null: any).")


class GameInfo(BaseModel):
    id: str
    title: str
    family: str
    kind: str = Field("More games", description="The lobby's group for the game, in words (Trick "
                                                "taking, Rummy, Canasta, Dice and dominoes, Board games, "
                                                "Money games, More games).")
    kind_order: int = Field(0, description="Where the kind's group stands in a list of games (0 first).")
    players: list[int]
    default_players: int
    summary: str
    teams: str
    deal_word: str = Field("deal", description="The game's word for a deal (deal, round), as its log and "
                                               "score sheet name them.")
    rules: str = Field(description="The game's rules as the engine plays them, house decisions included.")
    presets: dict[str, PresetSchema]
    options: list[OptionSchema]
    bots: list[str] = Field(default_factory=list, description="The bots a seat may have, weakest first: "
                                                              "beginner, casual, strong, expert, random.")


#: a seat's name as asked for (cleaned and checked by the server: server.people.clean_name)
SeatName = Annotated[str | None, Field(
    None, max_length=200, description="The name the seat goes by (default: the game's, North or Player 2).")]


class HumanSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["human"]
    name: SeatName = None


class BotSeat(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["bot"]
    bot: str | None = Field(None, description="A level, 'beginner', 'casual', 'strong' or 'expert', or "
                                              "'heuristic' (casual's older name) or 'random' (default: "
                                              "heuristic where the game has one).")
    name: SeatName = None


SeatSpec = Annotated[HumanSeat | BotSeat, Field(discriminator="kind")]


class CreateTable(BaseModel):
    # strict: "3" is not 3 and true is not 1, here as over the WebSocket
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64, description="A game id from GET /api/games.")
    preset: str | None = Field(None, max_length=64)
    options: dict[str, Any] | None = Field(None, description="Option values by name (see the game's schema).")
    players: int | None = Field(None, ge=1, le=16, description="Default: the number of seats.")
    seats: list[SeatSpec] = Field(min_length=1, max_length=16, description="One per player, seat 0 first.")
    bot_delay_ms: int = Field(600, ge=0, le=60_000, description="How long bots wait before they move.")
    trick_pause_ms: int = Field(1500, ge=0, le=10_000, description="How long a finished trick stays on the "
                                                                    "table, its winner shown, before play "
                                                                    "goes on (0: fast play).")
    claim_window_ms: int = Field(
        DEFAULT_CLAIM_WINDOW_MS, ge=0, le=30_000,
        description="How long the players who may claim a discard out of turn have to claim it or let it go, "
                    "before the server lets it lapse for those who have not answered (0: it waits for every "
                    "one of them). Only games with such a window use it.")
    hints: bool = Field(True, description="Whether a seat may ask what the strong bot would play on its "
                                          "turn (POST /api/tables/{id}/hint); false switches hints off "
                                          "for the whole table.")
    seed: int | None = Field(
        None, ge=0, le=2**63 - 1,
        description="The deal's seed, for a deal known in advance (tests, a deal to play again); default: "
                    "a fresh random seed. Whoever chooses it can foresee every card, so a table of people "
                    "who did not all agree to it should leave it out. The seed's commitment and its "
                    "reveal at the end are as for any table.")


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    name: str
    bot: str | None = None


class SeatState(SeatInfo):
    connected: bool = Field(description="A page is open on this seat now (bots always are).")
    default_name: str = Field(description="The game's own name for the seat (North, Player 2...).")


class Waiting(BaseModel):
    seat: int
    since: float = Field(description="Unix time (seconds) the seat started being waited for.")


class RematchLink(BaseModel):
    table_id: str
    link: str | None = Field(description="This seat's page at the rematch, with its own new token (a "
                                          "spectator's: the rematch's spectator page).")


class SeriesTally(BaseModel):
    label: str = Field(description="The seat's name, or the team's names joined by '/'.")
    seats: list[int]
    wins: int


class Series(BaseModel):
    matches: int = Field(description="Matches finished in the series (this one included once over).")
    playing: bool = Field(description="This table's match is still being played.")
    tally: list[SeriesTally]


class CreatedSeat(SeatInfo):
    token: str | None = Field(None, description="The seat's secret (human seats only): keep it private.")
    link: str | None = Field(None, description="The seat's private page, an absolute address: "
                                               "{base}/t/{table_id}?token=... (base: the server's public "
                                               "URL, else its LAN address, else the request's host).")
    qr: str | None = Field(None, description="The link as a QR code: an SVG data: URI, for a phone.")


class TableCreated(BaseModel):
    table_id: str
    game: str
    seats: list[CreatedSeat]
    spectator_link: str
    spectator_qr: str = Field(description="The spectator link as a QR code (an SVG data: URI).")
    seed_commitment: str = Field(description="SHA-256 (hex) of the seed's decimal text.")
    host_token: str = Field(description="The creator's secret: re-issues a seat's link (POST "
                                        "/api/tables/{id}/seats/{seat}/link with `Authorization: Bearer`).")


class SeatLink(BaseModel):
    seat: int
    token: str = Field(description="The seat's new secret; the old one no longer opens the seat.")
    link: str = Field(description="The seat's new private page, /t/{table_id}?token=...")
    qr: str = Field(description="A QR code of the new link, as an SVG data: URI.")


class ClaimWindow(BaseModel):
    """A timed window open now: seats that may act out of turn (claim a discard) or let it lapse."""

    seats: list[int] = Field(description="The seats in the window that have not answered yet.")
    ms: int = Field(description="The table's claim window (claim_window_ms); 0: no time limit.")
    remaining_ms: int | None = Field(description="Milliseconds until the server lets the window lapse for "
                                                 "the seats that have not answered, counted when this was "
                                                 "sent (null: no time limit). Count from when it arrived: "
                                                 "the server's clock is never compared with yours.")
    lapse: str | None = Field(None, description="This seat's move if it lets the window lapse (its pass), "
                                                "when the seat is in the window.")


class TableSnapshot(BaseModel):
    table_id: str
    game: str
    title: str
    version: int = Field(description="Moves applied so far; a move must name the version it was chosen at.")
    seat: int | None = Field(description="The token's seat; null for a spectator.")
    seats: list[SeatState]
    waiting: list[Waiting] = Field(description="The seats to act, each with when it started being waited "
                                               "for.")
    rematch: RematchLink | None = Field(None, description="The rematch of this table, once one started.")
    series: Series | None = Field(None, description="Matches won across the rematches, for a series.")
    view: dict[str, Any] = Field(description="State.view(seat): everything this seat may see, nothing more.")
    seed_commitment: str
    seed: str | None = Field(description="The seed as decimal text, once the game is over; null until then.")
    created_at: datetime
    bot_delay_ms: int
    trick_pause_ms: int
    claim_window_ms: int
    hints: bool = Field(True, description="Whether the table allows hints (POST /api/tables/{id}/hint).")
    window: ClaimWindow | None = Field(None, description="The timed window open now (a claim of a discard "
                                                         "out of turn), else null.")
    preset: str | None
    players: int
    ended: str | None = Field(None, description="'abandoned' when the table reached its move bound before "
                                                "the game's end; null otherwise.")
    notices: list[str] = Field(default_factory=list,
                               description="What the table was told about itself, in words, oldest first (a "
                                           "seat's bot that hit a problem and was replaced by a simpler "
                                           "one). State frames carry it too, when there is any.")
    amendments: dict[str, Any] | None = Field(None, description="House-rule amendments, in games that have "
                                              "options that may change mid-match: whether one may be "
                                              "proposed now and each proposal in words, with its votes "
                                              "(POST /api/tables/{id}/amendments). State frames carry it "
                                              "too.")


class MoveRequest(BaseModel):
    """A move, over HTTP or (with ``"type": "move"`` allowed and no token) over the WebSocket."""

    # strict: "3" is not 3 and true is not 1, over HTTP as over the WebSocket
    model_config = ConfigDict(extra="forbid", strict=True)
    token: str | None = Field(None, max_length=128, description="The seat's token, if it is not sent as "
                                                                 "`Authorization: Bearer`.")
    move: str = Field(max_length=200, description="The move's text, e.g. 'play QS', 'bid 3', 'pass'.")
    version: int = Field(ge=0, description="The version of the view the move was chosen from.")
    move_id: str | None = Field(None, pattern=MOVE_ID_PATTERN,
                                description="The client's id for this move: sent again (a retry after a "
                                            "lost answer), it gets the first answer and is not made twice.")


class SocketMove(BaseModel):
    """A move sent over the table's WebSocket: as :class:`MoveRequest`, the seat being the socket's."""

    model_config = ConfigDict(extra="forbid", strict=True)
    type: Literal["move"] = "move"
    move: str = Field(max_length=200)
    version: int = Field(ge=0)
    move_id: str | None = Field(None, pattern=MOVE_ID_PATTERN)


class MoveAccepted(BaseModel):
    version: int


class GameLog(BaseModel):
    format: int
    game: str
    players: int
    seed: int
    preset: str | None
    options: dict[str, OptionValue]
    deck: list[str] | None
    moves: list[tuple[int, str]]
    names: list[str | None] | None = Field(None, description="The names people chose, by seat (null: the "
                                                             "game's own).")
    amendments: list[dict[str, Any]] | None = Field(
        None, description="House rules the table changed mid-match: each `{move, changes}`, made after "
                          "that many moves (from the next deal on); `options` are those the game was made "
                          "with.")


class NameRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=128, description="The seat's token (required).")
    name: str = Field(max_length=200)


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=128, description="The seat's token (spectators only read).")
    text: str = Field(max_length=2000, description="The message (at most 280 characters once cleaned).")


class ChatMessage(BaseModel):
    n: int = Field(description="The message's number at this table, from 1.")
    seat: int
    name: str
    text: str
    at: float = Field(description="Unix time (seconds) it was written.")


class ChatLog(BaseModel):
    messages: list[ChatMessage]
    quick: list[str] = Field(description="The quick messages the table page offers.")


class TokenRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=128, description="The seat's token (required).")


class RematchCreated(BaseModel):
    table_id: str
    link: str = Field(description="Your seat's page at the rematch (absolute), with its own new token.")
    token: str

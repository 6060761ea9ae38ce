"""The HTTP API's bodies as pydantic models, so the OpenAPI page (``/docs``) documents them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

OptionValue = bool | int | str


class ErrorDetail(BaseModel):
    code: str = Field(description="Stable code: illegal_move, not_your_turn, stale_version, bad_token, "
                                  "unknown_table, unknown_game, bad_options, bad_seats, bad_request, "
                                  "too_large, not_over, storage_error.")
    message: str = Field(description="A sentence for the person (for illegal moves, the engine's own).")
    version: int | None = Field(None, description="The table's current version, where there is a table.")


class ErrorBody(BaseModel):
    error: ErrorDetail


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
    players: list[int]
    default_players: int
    summary: str
    teams: str
    deal_word: str = Field("deal", description="The game's word for a deal (deal, round), as its log and "
                                               "score sheet name them.")
    rules: str = Field(description="The game's rules as the engine plays them, house decisions included.")
    presets: dict[str, PresetSchema]
    options: list[OptionSchema]


class HumanSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human"]


class BotSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["bot"]
    bot: str | None = Field(None, description="'heuristic' or 'random' (default: heuristic where the game "
                                              "has one).")


SeatSpec = Annotated[HumanSeat | BotSeat, Field(discriminator="kind")]


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64, description="A game id from GET /api/games.")
    preset: str | None = Field(None, max_length=64)
    options: dict[str, Any] | None = Field(None, description="Option values by name (see the game's schema).")
    players: int | None = Field(None, ge=1, le=16, description="Default: the number of seats.")
    seats: list[SeatSpec] = Field(min_length=1, max_length=16, description="One per player, seat 0 first.")
    bot_delay_ms: int = Field(600, ge=0, le=60_000, description="How long bots wait before they move.")


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    name: str
    bot: str | None = None


class CreatedSeat(SeatInfo):
    token: str | None = Field(None, description="The seat's secret (human seats only): keep it private.")
    link: str | None = Field(None, description="The seat's private page, /t/{table_id}?token=...")


class TableCreated(BaseModel):
    table_id: str
    game: str
    seats: list[CreatedSeat]
    spectator_link: str
    seed_commitment: str = Field(description="SHA-256 (hex) of the seed's decimal text.")


class TableSnapshot(BaseModel):
    table_id: str
    game: str
    title: str
    version: int = Field(description="Moves applied so far; a move must name the version it was chosen at.")
    seat: int | None = Field(description="The token's seat; null for a spectator.")
    seats: list[SeatInfo]
    view: dict[str, Any] = Field(description="State.view(seat): everything this seat may see, nothing more.")
    seed_commitment: str
    seed: str | None = Field(description="The seed as decimal text, once the game is over; null until then.")
    created_at: datetime
    bot_delay_ms: int
    preset: str | None
    players: int


class MoveRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=128, description="The seat's token (required).")
    move: str = Field(max_length=200, description="The move's text, e.g. 'play QS', 'bid 3', 'pass'.")
    version: int = Field(ge=0, description="The version of the view the move was chosen from.")


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

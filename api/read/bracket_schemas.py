"""What the bracket and heats endpoints answer with: the public event pages' own names
(`tournaments.selectors.bracket` and `…heats`), a team by its number and the name the page
shows — never its contact, seat code or notice choice."""

from pydantic import Field

from api.read.schemas import Out


class TeamEntryOut(Out):
    """An entry of a bracket or heats event: a partnership (or its team name)."""

    number: int = Field(description="The entry's number (registration order).")
    name: str = Field(description="The team's name, else its two players' names.")
    flight: str = Field(description="Its flight ('' when the event has none).")


class SeriesGameOut(Out):
    number: int
    game_id: int = Field(description="The game's scorecard (scoring's game id).")
    confirmed: bool
    top_score: int | None
    bottom_score: int | None


class BracketMatchOut(Out):
    """A bracket slot (`tournaments.models.BracketMatch`), byes and void slots included."""

    id: int
    position: int
    top: TeamEntryOut | None
    top_seed: int | None
    bottom: TeamEntryOut | None
    bottom_seed: int | None
    is_bye: bool
    void: bool = Field(description="Never played: two byes, or a reset match not needed.")
    top_wins: int
    bottom_wins: int
    winner: TeamEntryOut | None
    games: list[SeriesGameOut]


class BracketRoundOut(Out):
    number: int
    name: str = Field(description="As the page: 'Final', 'Semifinals', 'Losers' round 2' …")
    matches: list[BracketMatchOut]


class EventBracketOut(Out):
    bracket: str = Field(description="main, losers, final or consolation")
    name: str = Field(description="The page's heading: 'Championship', 'Winners' bracket' …")
    rounds: list[BracketRoundOut]


class PlacedOut(Out):
    entry: TeamEntryOut
    prize_cents: int | None = Field(description="Once the event is finished and pays it.")


class PlaceOut(Out):
    place: int
    last_place: int = Field(description="A tie for third covers places 3 and 4.")
    tied: bool
    placed: list[PlacedOut]


class BracketsOut(Out):
    tournament: str
    format: str
    status: str
    best_of: int
    consolation: bool
    bracket_reset: bool
    seeding: str = Field(description="registration or rating")
    champion: TeamEntryOut | None
    places: list[PlaceOut] = Field(description="The paid places decided so far.")
    brackets: list[EventBracketOut] = Field(description="Empty until the bracket is drawn.")


class HeatMatchOut(Out):
    number: int
    ns: TeamEntryOut
    ew: TeamEntryOut | None = Field(description="null: a bye.")
    is_bye: bool
    game_id: int | None
    confirmed: bool
    ns_score: int | None
    ew_score: int | None
    differential: int | None


class HeatOut(Out):
    number: int
    matches: list[HeatMatchOut]


class StageOut(Out):
    number: int
    name: str
    status: str = Field(description="planned, playing or done")
    rule: str = Field(description="How teams go through, as the page says it.")
    advance_count: int | None
    target: int = Field(description="The score a match plays to.")
    heats: list[HeatOut] = Field(description="Empty while the stage is planned.")
    advancing: list[TeamEntryOut] | None = Field(
        description="The teams going through (the page's ✔), once the stage has decided."
    )
    problem: str = Field(description="A result the format can't use ('' when none).")


class HeatsOut(Out):
    tournament: str
    status: str
    champion: TeamEntryOut | None
    stages: list[StageOut]

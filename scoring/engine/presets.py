"""The five seed rule sets (shared/seeds 000, 002, 003, 004) as RuleSpec values.

Managers copy and edit these in the app; here they are plain data. Where a seed is silent
the value follows ordinary euchre and the description says so.
"""

from __future__ import annotations

from dataclasses import replace

from scoring.engine.rules import (
    INDIVIDUAL,
    PARTNERSHIP,
    RENEGE_FIXED,
    RENEGE_FULL_ATTAINABLE,
    TIE_PLAY_ONE_MORE_HAND,
    RuleSpec,
)

CCA_LEAGUE = RuleSpec(
    target_points=10,
    hands_per_game=None,
    count_overage=False,  # "just first team to ten"
    make_points=1,
    march_points=2,
    euchre_points=2,
    lone_make_points=1,
    lone_march_points=4,
    lone_euchre_points=2,
    loner_partner_points=0,
    renege_mode=RENEGE_FIXED,
    renege_points=2,
    lone_renege_points=4,
    stick_the_dealer=True,  # "screwing the dealer": the dealer is forced to choose trump
    time_limit_minutes=25,
    timed_out_tie_rule=TIE_PLAY_ONE_MORE_HAND,
    false_renege_claim_penalty=0,  # the CCA rules set no penalty for a false claim
    scoring_mode=PARTNERSHIP,
    description=(
        "CCA team league: first team to 10 wins (no win-by-two, nothing beyond 10 counts), "
        "three games a week, 25 minutes per game. At time the leader wins; a tie at time "
        "plays one more hand. 1 for 3-4 tricks, 2 for a march, 2 for a euchre; alone: 4 for "
        "a march, 1 for 3-4 tricks, 2 to the defenders for a euchre. Renege: the hand is "
        "lost and the other team gets 2 (4 on a lone hand)."
    ),
    play_notes=(
        "The first black jack dealt face up deals first; the deal then passes left. "
        "Stick the dealer: if everyone passes twice the dealer must name trump. "
        "A loner says so when trump is called and the partner sits out. "
        "No special hands (no ace-no-face, farmer's hand, poker for a point). "
        "Stealing the deal is allowed. No passing cards, no signalling or table talk. "
        "A misdeal gives the deal to the left."
    ),
)

CLASSIC_TENS = RuleSpec(
    target_points=10,
    hands_per_game=None,
    count_overage=True,  # "a lone attempted at 9 ... the win was 13 to 8"
    make_points=1,
    march_points=2,
    euchre_points=2,
    lone_make_points=1,
    lone_march_points=4,
    lone_euchre_points=2,
    loner_partner_points=0,
    renege_mode=RENEGE_FULL_ATTAINABLE,
    renege_points=0,  # unused: full attainable points instead
    lone_renege_points=0,
    stick_the_dealer=False,  # "deal is passed, no extra deals, no points to either team"
    time_limit_minutes=None,
    timed_out_tie_rule=TIE_PLAY_ONE_MORE_HAND,
    false_renege_claim_penalty=2,
    scoring_mode=PARTNERSHIP,
    description=(
        "Classic Ten's partners: the game is over when a team reaches 10 or more, and points "
        "beyond 10 count (a lone march at 9 ends 13-8). 1 for 3-4 tricks, 2 for a march, "
        "2 for a euchre; a lone march is 4. A renege ends the hand and gives the other team "
        "the full points it could have earned. An unproven renege claim costs 2 points. "
        "The seed gives no separate value for euchring a loner; it is 2 here, as for any euchre."
    ),
    play_notes=(
        "No table talk; keep your bids worded the same every hand. First jack deals the first "
        "hand of each game. If trump isn't made the second time around the deal is passed "
        "(recorded X, no points). Declare a lone hand when making trump; the partner's cards "
        "go across, face down. A card laid is a card played. Play out all tricks. Team "
        "captains keep score; N-S hands in the signed card, E-W keeps a copy; after signing "
        "only the tournament director can change it."
    ),
)

PROGRESSIVE = RuleSpec(
    target_points=None,
    hands_per_game=8,  # each player deals twice
    count_overage=False,
    make_points=1,
    march_points=2,
    euchre_points=2,
    lone_make_points=1,  # the seed's "1 point: 3 or 4 tricks taken in" covers lone hands too
    lone_march_points=5,
    lone_euchre_points=3,  # to each opponent for euchring a lone hand
    loner_partner_points=4,
    renege_mode=RENEGE_FULL_ATTAINABLE,
    renege_points=0,  # unused: full attainable points instead
    lone_renege_points=0,
    stick_the_dealer=False,  # same house as Classic Tens: a passed deal is an X hand
    time_limit_minutes=None,
    timed_out_tie_rule=TIE_PLAY_ONE_MORE_HAND,
    false_renege_claim_penalty=2,
    scoring_mode=INDIVIDUAL,
    description=(
        "Progressive euchre, scored per player over 8 hands: 5 to a loner who takes all five "
        "and 4 to the loner's partner, 3 to each opponent for euchring a loner, 2 for five "
        "tricks, 1 for 3-4 tricks (alone or not), 2 to each defender for a euchre. A renege "
        "ends the hand with full attainable points to the other side. An unproven renege "
        "claim costs 2 points. Prize ties are combined and split equally."
    ),
    play_notes=(
        "Game 1 partners by mutual consent; games 2-10 by the moving procedure. First jack "
        "deals. No table talk. A hand with no ace, face or trump must be played. Each player "
        "keeps their own card: points or X per hand; corrections in boxes 1-8 initialed. "
        "Partners agree after hand 8, then an opponent checks and initials the card."
    ),
)

COLD_BUTT = RuleSpec(
    target_points=10,
    hands_per_game=None,
    count_overage=False,  # "the first team to 10 points"
    make_points=1,
    march_points=2,
    euchre_points=2,
    lone_make_points=1,  # the seed is silent; ordinary euchre gives 1
    lone_march_points=4,
    lone_euchre_points=4,
    loner_partner_points=0,
    # The seed is silent on reneges; 2 (4 on a lone hand) matches its march/euchre values.
    renege_mode=RENEGE_FIXED,
    renege_points=2,
    lone_renege_points=4,
    stick_the_dealer=True,  # nobody orders up -> left of dealer names trump: never passed
    time_limit_minutes=None,
    timed_out_tie_rule=TIE_PLAY_ONE_MORE_HAND,
    false_renege_claim_penalty=0,
    scoring_mode=PARTNERSHIP,
    description=(
        "Cold Butt tournament: first team to 10 wins the match. 1 for 3-4 tricks as makers, "
        "2 for a march, 2 for a euchre, 4 for a loner taking all five, 4 for euchring a "
        "loner. Scores reset to zero each round; round two ranks teams on score differential."
    ),
    play_notes=(
        "Lowest card deals first. If nobody takes the turned-up card as trump, the player "
        "left of the dealer names any suit (no passed deals). Follow suit when you can. "
        "Honor-system scorekeeping. Butts stay on the ice except when changing tables."
    ),
)

BLACK_BULL = RuleSpec(
    target_points=None,
    hands_per_game=8,  # "typically 8 hands, with each player dealing twice"
    count_overage=False,
    make_points=1,
    march_points=2,
    euchre_points=2,
    lone_make_points=1,
    lone_march_points=4,
    lone_euchre_points=2,
    loner_partner_points=4,  # team scoring: both partners record the team's 4
    renege_mode=RENEGE_FIXED,
    renege_points=2,
    lone_renege_points=2,  # "the opposing team is awarded two points", lone or not
    stick_the_dealer=True,
    time_limit_minutes=None,
    timed_out_tie_rule=TIE_PLAY_ONE_MORE_HAND,
    false_renege_claim_penalty=0,
    scoring_mode=INDIVIDUAL,
    description=(
        "Black Bull progressive: new partners and tables every round of 8 hands; most "
        "points over the whole tournament wins. Each player records the team's points: "
        "1 for 3-4 tricks, 2 for a march, 2 for a euchre; alone: 4 for a march, 1 for 3-4 "
        "tricks, 2 to the defenders for a euchre. A renege gives the opponents 2."
    ),
    play_notes=(
        "Highest card deals first. Stick the dealer: if trump isn't called the second time "
        "around, the dealer must call it. You may not make trump holding only a jack: you "
        "need another trump too. No ace, no face (all 9s and 10s): redeal. "
        "Signalling your partner is cheating."
    ),
)

PRESETS: dict[str, RuleSpec] = {
    "CCA League": CCA_LEAGUE,
    "Classic Tens": CLASSIC_TENS,
    "Progressive (5/4/3)": PROGRESSIVE,
    "Cold Butt": COLD_BUTT,
    "Black Bull": BLACK_BULL,
}


def copy_preset(name: str, **changes: object) -> RuleSpec:
    """A manager's copy of a preset with some fields changed (presets themselves are frozen)."""
    try:
        base = PRESETS[name]
    except KeyError:
        raise KeyError(f"No preset called {name!r}; choose one of {', '.join(PRESETS)}.") from None
    return replace(base, **changes)  # type: ignore[arg-type]

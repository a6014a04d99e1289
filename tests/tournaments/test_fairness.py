"""The fairness sheet, as a pure function of the rounds."""

from tournaments.fairness import Place, Seen, fairness_sheet, guarantee_line
from tournaments.rotation import Round, Table, generate_rotation, rotation_quality


def _round(number, *tables, out=()):
    return Round(
        number,
        tuple(Table(i, ns, ew) for i, (ns, ew) in enumerate(tables, start=1)),
        tuple(out),
    )


ROUNDS = [
    _round(1, ((1, 2), (3, 4)), ((5, 6), (7, 8)), out=(9,)),
    _round(2, ((1, 3), (2, 9)), ((5, 7), (6, 8)), out=(4,)),
    _round(3, ((1, 4), (2, 3)), ((5, 8), (6, 9)), out=(7,)),
]


def test_each_player_lists_partners_opponents_tables_and_sit_outs_so_far():
    sheet = fairness_sheet(range(1, 10), ROUNDS, so_far=2)
    one = sheet.players[0]
    assert one.player == 1
    assert one.partners == (Seen(2, 1), Seen(3, 1))
    assert one.opponents == (Seen(3, 1), Seen(4, 1), Seen(2, 1), Seen(9, 1))
    assert one.places == (Place(1, 1), Place(2, 1))
    assert one.sit_outs == 0
    nine = sheet.players[8]
    assert nine.places == (Place(1, None), Place(2, 1)) and nine.sit_outs == 1
    assert sheet.rounds_so_far == 2 and sheet.rounds_drawn == 3


def test_rounds_drawn_but_not_yet_played_are_not_counted_for_players():
    sheet = fairness_sheet([7], ROUNDS, so_far=2)
    assert sheet.players[0].sit_outs == 0  # round 3's sit-out is still to come


def test_meeting_someone_twice_counts_twice():
    rounds = [_round(1, ((1, 2), (3, 4))), _round(2, ((1, 2), (4, 3)))]
    sheet = fairness_sheet([1, 2, 3, 4], rounds, so_far=2)
    assert sheet.players[0].partners == (Seen(2, 2),)
    assert sheet.players[0].opponents == (Seen(3, 2), Seen(4, 2))


def test_a_three_handed_table_gives_the_lone_player_no_partner():
    rounds = [_round(1, ((1, 2), (3, 4)), ((5, 6), (7,)))]
    sheet = fairness_sheet(range(1, 8), rounds, so_far=1)
    seven = sheet.players[6]
    assert seven.partners == () and seven.alone == 1
    assert seven.opponents == (Seen(5, 1), Seen(6, 1))
    assert sheet.players[4].partners == (Seen(6, 1),) and sheet.players[4].alone == 0


def test_the_guarantees_of_a_whist_design_in_one_line():
    rounds = generate_rotation(8, 7)
    assert guarantee_line(list(range(1, 9)), rounds) == (
        "No one partners anyone twice; opponents at most twice (the fewest possible); "
        "nobody sits out."
    )


def test_the_guarantees_with_sit_outs():
    players = list(range(1, 10))
    rounds = generate_rotation(players, 9)
    line = guarantee_line(players, rounds)
    assert line.startswith("No one partners anyone twice;")
    assert line.endswith("; sit-outs differ by at most one.")


def test_the_guarantees_say_what_went_wrong_when_the_rotation_repeats():
    rounds = [
        _round(1, ((1, 2), (3, 4)), out=(5,)),
        _round(2, ((1, 2), (3, 4)), out=(5,)),
    ]
    assert guarantee_line([1, 2, 3, 4, 5], rounds) == (
        "No one partners anyone more than twice; opponents at most twice; "
        "sit-outs differ by up to 2."
    )


def test_the_line_matches_the_rotations_own_quality_for_many_fields():
    for players in range(4, 30):
        rounds = generate_rotation(players, 8, seed=players)
        quality = rotation_quality(list(range(1, players + 1)), rounds)
        line = guarantee_line(list(range(1, players + 1)), rounds)
        assert ("anyone twice" in line) == (quality.partner_max <= 1)
        assert {1: "once", 2: "twice"}.get(quality.opponent_max, "times") in line


def test_nothing_drawn_nothing_promised():
    sheet = fairness_sheet([1, 2], [], so_far=0)
    assert sheet.guarantees == "" and sheet.players[0].places == ()


def test_a_late_arrivals_rounds_before_they_came_read_not_here_not_sat_out():
    rounds = [
        _round(1, ((1, 2), (3, 4))),
        _round(2, ((1, 3), (2, 4))),
        _round(3, ((1, 5), (2, 3)), out=(4,)),
    ]
    sheet = fairness_sheet([1, 4, 5], rounds, so_far=3)
    late = sheet.players[2]
    assert late.places == (Place(1, None, here=False), Place(2, None, here=False), Place(3, 1))
    assert late.sit_outs == 0
    assert sheet.players[1].places[2] == Place(3, None) and sheet.players[1].sit_outs == 1


def test_a_withdrawn_players_rounds_after_they_left_read_not_here():
    rounds = [_round(1, ((1, 2), (3, 4)), out=(5,)), _round(2, ((1, 2), (3, 5)))]
    gone = fairness_sheet([4], rounds, so_far=2).players[0]
    assert gone.places == (Place(1, 1), Place(2, None, here=False)) and gone.sit_outs == 0

"""What the rehearsal's database holds after the night, as JSON on stdout.

``python benchmarks/cluster_count.py NIGHT.json LOG_FOLDER`` (DATABASE_URL naming the
rehearsal's database): for tonight's fixtures, how many have every game's card submitted
and confirmed, and any game, card or version written more than once; for every outbox row
marked sent, whether the recording backends' logs (one line per message a provider
accepted, `benchmarks.notices_rig`) hold it never, once or more.
"""

from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.big_season import set_up_django  # noqa: E402


def cards(fixture_ids: list[int]) -> dict:
    from django.db.models import Count

    from league.nights.models import FixtureGame
    from scoring.models import ScorecardVersion

    games = collections.Counter(
        FixtureGame.objects.filter(fixture_id__in=fixture_ids).values_list("fixture_id", flat=True)
    )
    versions = ScorecardVersion.objects.filter(
        scorecard__game__fixture_game__fixture_id__in=fixture_ids
    ).values_list("scorecard__game__fixture_game__fixture_id", "scorecard_id", "state")
    per_card = collections.Counter(card for _, card, _ in versions)
    confirmed = collections.Counter(f for f, _, state in versions if state == "confirmed")
    submitted = collections.Counter(f for f, _, _ in versions)
    numbers = (
        FixtureGame.objects.filter(fixture_id__in=fixture_ids)
        .values("fixture_id", "number")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .count()
    )
    return {
        "fixtures": len(fixture_ids),
        "submitted": sum(1 for f in fixture_ids if submitted[f] >= 3),
        "confirmed": sum(1 for f in fixture_ids if confirmed[f] == 3),
        "games_doubled": numbers + sum(max(0, games[f] - 3) for f in fixture_ids),
        "versions_doubled": sum(n - 1 for n in per_card.values() if n > 1),
        "unconfirmed": [f for f in fixture_ids if confirmed[f] != 3],
    }


def notices(logs: Path) -> dict:
    from notices.delivery import SLICE_SIZE
    from notices.models import OutboxMessage

    seen: collections.Counter[str] = collections.Counter()
    for log in logs.glob("*.log"):
        for line in log.read_text().splitlines():
            seen[line] += 1
    rows = list(OutboxMessage.objects.values_list("id", "channel", "address", "status"))
    expected = collections.Counter()
    for pk, channel, address, _ in rows:
        expected["email " + str(pk) if channel == "email" else "sms " + address] += 1
    statuses = collections.Counter(status for *_, status in rows)
    lost = sum(max(0, n - seen[line]) for line, n in expected.items())
    doubled = sum(max(0, seen[line] - n) for line, n in expected.items())
    strays = sum(n for line, n in seen.items() if line not in expected)
    return {
        "rows": len(rows),
        "statuses": dict(statuses),
        "delivered": sum(seen.values()),
        "lost": lost,
        "doubled": doubled,
        "strays": strays,
        # What a killed worker process may send twice (docs/notices.md, "The duplicate
        # window"): the slice it had handed over and not yet marked.
        "slice_size": SLICE_SIZE,
    }


def main() -> int:
    night = json.loads(Path(sys.argv[1]).read_text())
    set_up_django()
    report = {
        "cards": cards([f["id"] for f in night["fixtures"]]),
        "notices": notices(Path(sys.argv[2])),
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

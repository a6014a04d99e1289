"""The rehearsal's figures (`benchmarks/cluster.py`), printed, and whether each holds."""

from __future__ import annotations

from benchmarks.cluster_night import Sample, percentile

ANSWERED = {200, 302}
PAGES = ("card", "confirm", "standings", "schedule")


def slice_bound(slice_size: int, concurrency: int) -> int:
    """Messages a killed worker host may send twice: one slice per process it ran
    (docs/notices.md, "The duplicate window")."""
    return slice_size * concurrency


def failures(samples: list[Sample], killed: float) -> list[tuple[Sample, bool]]:
    """Every request a user saw fail, and whether it was under way when the host died."""
    failed = [s for s in samples if s.status not in ANSWERED]
    return [(s, s.began <= killed + 0.05 <= s.began + s.seconds + 0.5) for s in failed]


def latency(samples: list[Sample], kind: str) -> tuple[float, float, int]:
    times = [s.seconds for s in samples if s.kind == kind and s.status in ANSWERED]
    return percentile(times, 0.5), percentile(times, 0.99), len(times)


def report(plan: dict, happened: dict) -> int:
    events, counts = happened["events"], happened["counts"]
    cards, notices = counts["cards"], counts["notices"]
    samples = happened["recorder"].samples
    results = happened["results"]
    problems: list[str] = []

    print(f"\nseason: {plan['season']}; {len(plan['fixtures'])} fixtures tonight")
    print(
        f"machine load (1 min) before / after: {happened['load'][0]:.1f} / "
        f"{happened['load'][1]:.1f} on {len(__import__('os').sched_getaffinity(0))} cores"
    )
    said_ok = {r.fixture for r in results if r.confirmed == 200}
    lost = len(said_ok & set(cards["unconfirmed"]))
    doubled = cards["games_doubled"] + cards["versions_doubled"]
    replays = sum(r.replayed for r in results)
    print("\n| Cards | |\n| --- | --- |")
    print(f"| submitted | {cards['submitted']} of {cards['fixtures']} |")
    print(f"| confirmed | {cards['confirmed']} of {cards['fixtures']} |")
    print(f"| lost | {lost} |\n| doubled | {doubled} |")
    print(f"| answered from the first write (a retry of a written request) | {replays} |")
    if lost or doubled or cards["confirmed"] != cards["fixtures"]:
        problems.append("cards lost, doubled or left unconfirmed")

    failed = failures(samples, events["web_lost"])
    print(f"\nrequests that failed as the user saw them: {len(failed)}")
    for sample, in_flight in failed:
        when = sample.began - events["web_lost"]
        where = "in flight on the lost web host" if in_flight else "NOT in flight at the kill"
        print(f"  {sample.kind} began {when:+.2f} s from the kill, status {sample.status}: {where}")
    unanswered = [r.fixture for r in results if r.submitted != 200 or r.confirmed != 200]
    if any(not in_flight for _, in_flight in failed) or unanswered:
        problems.append(f"failures beyond the lost host's requests (unanswered: {unanswered})")
    print("  each was sent again and answered" if not unanswered else f"  unanswered: {unanswered}")

    bound = slice_bound(notices["slice_size"], int(happened["concurrency"]))
    print("\n| Notices | |\n| --- | --- |")
    print(f"| outbox rows | {notices['rows']} ({notices['statuses']}) |")
    print(f"| cancellation answered | {events['cancel_status']} |")
    print(f"| delivered | {notices['delivered']} |\n| lost | {notices['lost']} |")
    print(f"| doubled | {notices['doubled']} (bound: {bound}, a slice per killed process) |")
    print(f"| all out after the cancellation | {events['drained_after']:.1f} s |")
    if events["cancel_status"] != 302 or notices["lost"] or notices["strays"]:
        problems.append("notices lost (or the cancellation refused)")
    if notices["doubled"] > bound:
        problems.append(f"notices doubled beyond the bound of {bound}")

    sign_in = latency(samples, "sign-in")
    print("\n| Request | median | p99 | median / sign-in | p99 / sign-in | requests |")
    print("| --- | --- | --- | --- | --- | --- |")
    for kind in ("sign-in", *PAGES):
        p50, p99, n = latency(samples, kind)
        print(
            f"| {kind} | {p50 * 1000:.0f} ms | {p99 * 1000:.0f} ms | "
            f"{p50 / sign_in[0]:.1f}x | {p99 / sign_in[1]:.1f}x | {n} |"
        )

    moved = events["failover"]
    print(
        f"\ntraffic off the lost web host: {moved['moved_after'] * 1000:.0f} ms after the kill"
        f" (requests cut off there: {moved['cut_off']}, statuses {moved['cut_off_statuses']};"
        f" sent on to the other host by nginx: {moved['failed_over']})"
    )
    rate = happened["throughput"]
    print(
        f"standings through the load balancer: {rate['two']:.0f} req/s on two web hosts, "
        f"{rate['one']:.0f} on one: one host gives {rate['one'] / rate['two']:.2f} of two "
        "(both hosts share this machine's cores, so a second host adds no CPU here)"
    )
    session = events["session"]
    print(f"signed-in session: {session}")
    if not session.get("crossed"):
        problems.append("the signed-in session did not continue on the other host")

    for problem in problems:
        print(f"FAILED: {problem}")
    print("all figures hold" if not problems else "")
    return 1 if problems else 0

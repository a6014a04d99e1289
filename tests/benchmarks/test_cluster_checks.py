"""How the rehearsal reads nginx's log and judges what users saw: which host served each
request, when traffic left a dead host, and which failures were the dead host's own."""

from benchmarks.cluster_checks import access_log, failover
from benchmarks.cluster_night import Sample, percentile
from benchmarks.cluster_report import failures, slice_bound

LOG = """\
10.0.0.1 [2026-12-02T05:00:00+00:00] "GET /standings/ HTTP/1.1" 200 up=10.0.0.12:8000 \
up_status=200 rt=0.020 urt=0.020 msec=1000.020
10.0.0.1 [2026-12-02T05:00:01+00:00] "POST /api/v1/fixtures/7/card HTTP/1.1" 502 \
up=10.0.0.12:8000 up_status=502 rt=0.300 urt=0.300 msec=1001.000
10.0.0.1 [2026-12-02T05:00:01+00:00] "GET /schedule/ HTTP/1.1" 200 \
up=10.0.0.12:8000, 10.0.0.11:8000 up_status=502, 200 rt=0.040 urt=0.001, 0.039 msec=1001.250
10.0.0.1 [2026-12-02T05:00:02+00:00] "GET /standings/ HTTP/1.1" 200 up=10.0.0.11:8000 \
up_status=200 rt=0.020 urt=0.020 msec=1002.000
"""


def test_the_access_log_names_every_host_a_request_was_tried_on(tmp_path):
    path = tmp_path / "access.log"
    path.write_text(LOG)
    served = access_log(path)
    assert [s.upstreams for s in served] == [
        ["10.0.0.12:8000"],
        ["10.0.0.12:8000"],
        ["10.0.0.12:8000", "10.0.0.11:8000"],
        ["10.0.0.11:8000"],
    ]
    assert served[1].method == "POST" and served[1].status == 502


def test_traffic_leaves_the_dead_host_at_the_first_request_another_host_answered(tmp_path):
    path = tmp_path / "access.log"
    path.write_text(LOG)
    moved = failover(access_log(path), "10.0.0.12", killed=1000.9, back=1010.0)
    assert round(moved["moved_after"], 2) == 0.35  # the schedule, sent on to .11
    assert moved["failed_over"] == 1
    assert moved["cut_off"] == 1 and moved["cut_off_statuses"] == [502]


def test_only_a_failure_under_way_at_the_kill_counts_as_the_dead_hosts():
    killed = 100.0
    samples = [
        Sample("card", 99.5, 0.6, 502),  # under way when the host died
        Sample("card", 100.5, 0.1, 200, retried=True),
        Sample("standings", 103.0, 0.1, 502),  # later: a failure the site caused
        Sample("sign-in", 90.0, 0.01, 200),
    ]
    judged = failures(samples, killed)
    assert [(s.began, in_flight) for s, in_flight in judged] == [(99.5, True), (103.0, False)]


def test_the_doubled_notices_bound_is_one_slice_per_killed_process():
    assert slice_bound(25, 2) == 50


def test_a_percentile_of_nothing_is_not_a_number():
    assert percentile([], 0.5) != percentile([], 0.5)
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0

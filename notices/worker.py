"""A sweep the moment a worker connects to the broker: when it starts, and each time it
reconnects after the broker was gone. And each worker process readies delivery as it starts.

Either event may follow a loss: a worker killed mid-batch leaves claimed rows and the
tasks it had reserved, a broker that restarted empty has lost every task queued on it.
The periodic sweep would find them within a minute or two; this one starts at once
(`sweep_outbox(restarted=True)`), so messages go out as soon as a worker can send them.
"""

import logging
from typing import Any

from celery import bootsteps
from celery.signals import celeryd_init, worker_process_init

logger = logging.getLogger(__name__)


class SweepOnConnect(bootsteps.StartStopStep):
    """A consumer step: its start() runs on the first connection and after each reconnect."""

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def start(self, parent: Any) -> None:
        from notices.tasks import sweep_outbox

        try:
            sweep_outbox.apply_async(kwargs={"restarted": True}, expires=120)
        except Exception:
            logger.exception("Could not queue the outbox sweep; the periodic one will run")


def add_sweep_on_connect(sender: Any = None, instance: Any = None, **kwargs: Any) -> None:
    """`celeryd_init`: fires in `celery worker` before its consumer is built."""
    if instance is not None:
        instance.app.steps["consumer"].add(SweepOnConnect)


def ready_delivery(**kwargs: Any) -> None:
    """`worker_process_init`: a process pays what its first batch would (the URL map for the
    emails' footer, the email package's header classes) before any batch waits on it."""
    from notices.senders import warm_up

    try:
        warm_up()
    except Exception:
        logger.exception("Readying delivery failed; the first batch will do it")


def connect() -> None:
    celeryd_init.connect(add_sweep_on_connect, dispatch_uid="notices.sweep_on_connect")
    worker_process_init.connect(ready_delivery, dispatch_uid="notices.ready_delivery")

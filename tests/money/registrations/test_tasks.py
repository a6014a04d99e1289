"""The periodic job: scheduled by the migration, found by Celery, telling people."""

import datetime

import pytest
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from config.celery import app
from money.models import Registration
from money.registrations.beat import MOVE_ON_TASK, TASK, ensure_periodic_tasks
from money.registrations.flows import Submission, registration_submit
from money.registrations.tasks import registrations_move_on
from notices.models import Notice
from tests.money.registrations.helpers import event_sign_up, person

pytestmark = pytest.mark.django_db


def test_the_migration_schedules_the_job_every_five_minutes():
    entry = PeriodicTask.objects.get(name=MOVE_ON_TASK)
    assert entry.task == TASK
    assert (entry.interval.every, entry.interval.period) == (5, "minutes")


def test_scheduling_again_keeps_a_managers_change():
    entry = PeriodicTask.objects.get(name=MOVE_ON_TASK)
    entry.enabled = False
    entry.save()
    ensure_periodic_tasks()
    assert not PeriodicTask.objects.get(name=MOVE_ON_TASK).enabled


def test_celery_knows_the_task():
    app.loader.import_default_modules()
    assert TASK in app.tasks


def test_the_person_whose_offer_passed_on_is_told():
    sign_up = event_sign_up(places=1)
    sign_up.tournament.date = timezone.localdate() + datetime.timedelta(days=5)
    sign_up.tournament.save(update_fields=["date"])
    holder, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    waiting, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    from money.registrations.withdraw import registration_withdraw

    registration_withdraw(registration=holder, by=holder.user)
    Registration.objects.filter(pk=waiting.pk).update(
        offer_expires_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    assert registrations_move_on() == {
        "offers_passed_on": 1,
        "places_lapsed": 0,
        "places_offered": 0,
    }
    told = Notice.objects.get(source__registration=waiting.pk, source__state="lapsed")
    assert "went to the next" in told.subject


def test_places_added_later_are_offered_to_those_waiting():
    sign_up = event_sign_up(places=1)
    registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    waiting, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    sign_up.places = 2
    sign_up.save(update_fields=["places"])
    assert registrations_move_on()["places_offered"] == 1
    waiting.refresh_from_db()
    assert waiting.state == Registration.State.OFFERED and waiting.place == 2
    assert registrations_move_on()["places_offered"] == 0

"""What the API registers at start-up: the webhooks' listeners on the apps' events
(api.webhooks.producers explains the three hooks)."""


def register() -> None:
    """Called from ApiConfig.ready()."""
    from django.db.models.signals import post_save

    from activity.models import Activity
    from api.webhooks import producers
    from scoring.signals import card_confirmed
    from tournaments.models import Tournament

    post_save.connect(producers.on_activity, sender=Activity, dispatch_uid="api.webhooks.activity")
    post_save.connect(
        producers.on_tournament_saved, sender=Tournament, dispatch_uid="api.webhooks.finished"
    )
    card_confirmed.connect(producers.on_card_confirmed, dispatch_uid="api.webhooks.card")

from django.apps import AppConfig


class NoticesConfig(AppConfig):
    name = "notices"
    verbose_name = "Notices"

    def ready(self) -> None:
        from accounts.invitations import register_invitation_sender
        from notices import checks  # noqa: F401  (registers the deploy check)
        from notices.invitations import invitation_deliver
        from notices.worker import connect as sweep_when_a_worker_connects

        register_invitation_sender(invitation_deliver)  # invitations go out through the outbox
        sweep_when_a_worker_connects()

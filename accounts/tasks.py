from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.mail import send_mail


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_password_changed_notice(user_id: int) -> bool:
    """Tell a user their password changed, so a change they did not make gets noticed."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not user.email:
        return False
    send_mail(
        subject="Your euchre league password was changed",
        message=(
            f"Hello {user.get_username()},\n\n"
            "The password of your account was just changed. If this was not you, "
            "contact your league manager right away.\n"
        ),
        from_email=None,
        recipient_list=[user.email],
    )
    return True

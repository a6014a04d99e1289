"""The setup part's writes: sign-ups (sign_ups), their questions (questions), a league's
member list (members)."""

from money.setup.services.members import member_add, member_remove, members_paste
from money.setup.services.questions import (
    question_add,
    question_edit,
    question_move,
    question_remove,
)
from money.setup.services.sign_ups import sign_up_create, sign_up_update

__all__ = [
    "member_add",
    "member_remove",
    "members_paste",
    "question_add",
    "question_edit",
    "question_move",
    "question_remove",
    "sign_up_create",
    "sign_up_update",
]

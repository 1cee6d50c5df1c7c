"""The session store: Django's database sessions, each session read in SQL built once.

Every signed-in request reads its session row. Django's store builds that query afresh each
time (``session_key`` and ``expire_date__gt`` now), which cost more than running it; this one
reads the row by its key with ``scorekeeper.prepared`` and checks the expiry in Python, the
same decision: an expired or unknown key is no session. Everything else (saving, the cookie,
``clearsessions``) is Django's.
"""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.utils import timezone

from scorekeeper.prepared import Prepared


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        key = self.session_key
        if type(key) is not str:
            return super()._get_session_from_db()
        session = _SESSION.get(session_key=key)
        if session is not None and session.expire_date > timezone.now():
            return session
        self._session_key = None
        return None


_SESSION = Prepared(
    lambda session_key: SessionStore.get_model_class().objects.filter(session_key=session_key),
    session_key=str,
)

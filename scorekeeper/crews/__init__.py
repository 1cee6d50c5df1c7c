"""Crews and accounts: sign-up and sign-in (with the login brakes, ``throttle``), crews, their
members and invites. Built on ``games`` (its models and the request's crew, ``games.access``);
``games`` imports nothing from here. The models stay in ``games`` for now (no migration).
"""

"""Messaging between processes: the change notifications that wake held streams
(`messaging.notify`), the Redis subscription they ride on, the wake-ups of waiting
greenlets and threads, what a process hears of every change (`messaging.hearsay`), and
the native threads SQLite's calls run on under gevent.

Not the event store: the log is the truth, and everything here only says *look again*.
"""

"""Messaging between processes: the change notifications that wake held streams
(`messaging.notify`; across processes `messaging.redis_notify`), the sharded Redis
subscriptions they ride on, held only while a key is followed (`messaging.followed`,
`messaging.subscription`), the wake-ups of waiting greenlets and threads, what a process
hears of the games it follows (`messaging.hearsay`), and the native threads SQLite's
calls run on under gevent.

Not the event store: the log is the truth, and everything here only says *look again*.
"""

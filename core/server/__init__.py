"""`meeple server`: games over the network with seats that are capabilities, every move committed
before it is acknowledged, bots in their own processes, and a browser client (docs/server.md).

Needs the `server` extra (starlette, uvicorn; psycopg for PostgreSQL).
"""

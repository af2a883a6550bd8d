"""The multiplayer web service (the server extra: pip install 'tradingfloor[server]')."""

from tradingfloor.extras import require

require("server")

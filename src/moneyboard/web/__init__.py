"""The classroom in the browser: the trainer's console, the projector, the learners' phones
and a hotseat page, served by ``moneyboard serve`` as HTML with a little plain JavaScript.

Every page is drawn from the server's views and legal actions; a game adds only its board
drawing and card art (``art/<game>.toml``), which the terminal reads too (so importing this
package loads nothing of the web server: the pages are in :mod:`moneyboard.web.pages`).
"""

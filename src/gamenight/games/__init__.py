"""One module per game; importing this package registers every module in it.

Modules are discovered, not listed, so adding a game is adding its file.
"""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

from tests.unit.french.registry import unregister

unregister()

"""Blueprints and their forms: parse the request, call a use case, render a page or fragment."""

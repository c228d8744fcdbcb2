"""Tests of the OpenSpiel and PettingZoo adapters."""

"""Three-card poker, a game for the rules library in a distribution of its own."""

from threecard.game import THREE_CARD as THREE_CARD

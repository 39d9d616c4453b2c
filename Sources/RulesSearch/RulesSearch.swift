// placeholder until the port lands

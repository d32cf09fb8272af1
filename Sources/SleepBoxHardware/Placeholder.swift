// Devices of the box: GPIO, the I2C display, board profiles.

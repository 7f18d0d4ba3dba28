package org.gantry.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TokenServiceTest {

    // Bug: one token in 64 began with '-', and OpenPAI's `pai addc URI USER TOKEN` took it for an option.
    @Test
    void a_token_whose_secret_encodes_to_a_leading_dash_still_begins_with_a_letter() {
        byte[] secret = new byte[32];
        Arrays.fill(secret, (byte) 0xFB);

        String raw = TokenService.raw(secret);

        assertThat(raw).startsWith("gty_").doesNotStartWith("-");
        assertThat(raw.substring("gty_".length())).startsWith("-");
        assertThat(raw).matches("[A-Za-z0-9_-]+");
    }
}

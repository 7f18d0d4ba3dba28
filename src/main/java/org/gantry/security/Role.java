package org.gantry.security;

import java.util.List;

/** What an account may do; each role includes the ones below it. */
public enum Role {
    USER,
    INSTRUCTOR,
    ADMIN;

    /** Spring Security authority names this role grants, its own and the included ones. */
    public List<String> authorities() {
        return switch (this) {
            case USER -> List.of("ROLE_USER");
            case INSTRUCTOR -> List.of("ROLE_USER", "ROLE_INSTRUCTOR");
            case ADMIN -> List.of("ROLE_USER", "ROLE_INSTRUCTOR", "ROLE_ADMIN");
        };
    }
}

package org.gantry.security;

import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Loads accounts for password login and token authentication. */
@Service
class GantryUserDetailsService implements UserDetailsService {

    private final UserAccountRepository users;

    GantryUserDetailsService(UserAccountRepository users) {
        this.users = users;
    }

    @Override
    @Transactional(readOnly = true)
    public UserDetails loadUserByUsername(String username) {
        return users.findByUsername(username)
                .map(GantryUserDetailsService::toDetails)
                .orElseThrow(() -> new UsernameNotFoundException("No such user"));
    }

    static UserDetails toDetails(UserAccount account) {
        return toDetails(account.getUsername(), account.getPasswordHash(), account.isEnabled(), account.getRole());
    }

    /** The details Spring Security knows an account by; a bearer token's carry no password (""). */
    static UserDetails toDetails(String username, String passwordHash, boolean enabled, Role role) {
        return User.withUsername(username)
                .password(passwordHash)
                .disabled(!enabled)
                .authorities(AuthorityUtils.createAuthorityList(role.authorities()))
                .build();
    }
}

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
        return User.withUsername(account.getUsername())
                .password(account.getPasswordHash())
                .disabled(!account.isEnabled())
                .authorities(AuthorityUtils.createAuthorityList(account.getRole().authorities()))
                .build();
    }
}

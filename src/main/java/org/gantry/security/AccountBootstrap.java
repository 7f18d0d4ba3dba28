package org.gantry.security;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.gantry.base.GantryProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * On first start with an empty database, creates the {@code admin} account and the
 * {@code default} group and virtual cluster; with {@code gantry.demo=true} also demo
 * accounts and a {@code gpu} virtual cluster.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class AccountBootstrap implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(AccountBootstrap.class);
    private static final String ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

    private final UserAccountRepository users;
    private final UserGroupRepository groups;
    private final VirtualClusterRepository clusters;
    private final PasswordEncoder passwordEncoder;
    private final GantryProperties properties;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    AccountBootstrap(UserAccountRepository users, UserGroupRepository groups, VirtualClusterRepository clusters,
                     PasswordEncoder passwordEncoder, GantryProperties properties, Clock clock) {
        this.users = users;
        this.groups = groups;
        this.clusters = clusters;
        this.passwordEncoder = passwordEncoder;
        this.properties = properties;
        this.clock = clock;
    }

    @Override
    @Transactional
    public void run(ApplicationArguments args) {
        UserGroup defaultGroup = group("default", "Everyone", cluster("default", "Shared default queue"));
        if (users.count() == 0) {
            String configured = properties.adminPassword();
            boolean generated = configured == null || configured.isBlank();
            String password = generated ? randomPassword() : configured;
            createUser("admin", password, Role.ADMIN, Set.of(defaultGroup));
            if (generated) {
                log.warn("Created the administrator account 'admin' with the generated password: {} "
                        + "(shown once; set GANTRY_ADMIN_PASSWORD to choose it)", password);
            } else {
                log.info("Created the administrator account 'admin' with the password from GANTRY_ADMIN_PASSWORD");
            }
        }
        if (properties.demo()) {
            seedDemo(defaultGroup);
        }
    }

    private void seedDemo(UserGroup defaultGroup) {
        UserGroup gpuGroup = group("gpu-users", "Members may use the gpu cluster",
                cluster("gpu", "GPU nodes"));
        for (String name : List.of("researcher1", "researcher2", "instructor1")) {
            if (users.findByUsername(name).isEmpty()) {
                String password = randomPassword();
                Role role = name.startsWith("instructor") ? Role.INSTRUCTOR : Role.USER;
                Set<UserGroup> memberOf = name.equals("researcher1") ? Set.of(defaultGroup, gpuGroup) : Set.of(defaultGroup);
                createUser(name, password, role, memberOf);
                log.warn("Demo account '{}' ({}) has the password: {}", name, role, password);
            }
        }
    }

    private void createUser(String name, String password, Role role, Set<UserGroup> memberOf) {
        UserAccount user = new UserAccount(name, passwordEncoder.encode(password), role, clock.instant());
        user.setGroups(memberOf);
        users.save(user);
    }

    private VirtualCluster cluster(String name, String description) {
        return clusters.findByName(name).orElseGet(() -> clusters.save(new VirtualCluster(name, description)));
    }

    private UserGroup group(String name, String description, VirtualCluster vc) {
        return groups.findByName(name).orElseGet(() -> {
            UserGroup group = new UserGroup(name, description);
            group.setVirtualClusters(Set.of(vc));
            return groups.save(group);
        });
    }

    private String randomPassword() {
        StringBuilder sb = new StringBuilder(16);
        for (int i = 0; i < 16; i++) {
            sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}

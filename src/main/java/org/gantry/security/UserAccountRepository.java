package org.gantry.security;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface UserAccountRepository extends JpaRepository<UserAccount, Long> {

    // A JPQL string, unlike a derived query, is translated once and cached by Hibernate:
    // this runs on every REST call. The groups and their virtual clusters are eager; fetched here
    // in the same statement, not in one more select for each collection.
    @Query("select u from UserAccount u left join fetch u.groups g left join fetch g.virtualClusters"
            + " where u.username = :username")
    Optional<UserAccount> findByUsername(String username);

    /** The account whose name differs from this one at most in case; see docs/decisions/0003-rest-api-v2.md. */
    @Query("select u from UserAccount u where lower(u.username) = lower(:username)")
    Optional<UserAccount> findByUsernameIgnoringCase(String username);

    List<UserAccount> findAllByOrderByUsername();

    @Query("select u from UserAccount u join u.groups g where g.name = :groupName order by u.username")
    List<UserAccount> findMembersOf(String groupName);
}

package org.gantry.security;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface ApiTokenRepository extends JpaRepository<ApiToken, Long> {

    // A JPQL string, unlike a derived query, is translated once and cached by Hibernate:
    // this runs on every REST call.
    @Query("select t from ApiToken t join fetch t.user where t.tokenHash = :tokenHash")
    Optional<ApiToken> findByTokenHash(String tokenHash);

    List<ApiToken> findByUserAndRevokedAtIsNullOrderByCreatedAtDesc(UserAccount user);
}

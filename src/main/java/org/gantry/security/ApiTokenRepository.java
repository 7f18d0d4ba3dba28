package org.gantry.security;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface ApiTokenRepository extends JpaRepository<ApiToken, Long> {

    // A JPQL string, unlike a derived query, is translated once and cached by Hibernate:
    // this runs on every REST call.
    @Query("select t from ApiToken t join fetch t.user where t.tokenHash = :tokenHash")
    Optional<ApiToken> findByTokenHash(String tokenHash);

    /** What a REST call's authentication reads: one row, no entities (every REST call runs it). */
    @Query("select new org.gantry.security.PresentedToken(t.id, t.kind, t.expiresAt, t.lastUsedAt, t.revokedAt,"
            + " u.username, u.enabled, u.role) from ApiToken t join t.user u where t.tokenHash = :tokenHash")
    Optional<PresentedToken> findPresentedByTokenHash(String tokenHash);

    @Modifying
    @Query("update ApiToken t set t.lastUsedAt = :at where t.id = :id")
    void markUsed(long id, Instant at);

    List<ApiToken> findByUserAndRevokedAtIsNullOrderByCreatedAtDesc(UserAccount user);
}

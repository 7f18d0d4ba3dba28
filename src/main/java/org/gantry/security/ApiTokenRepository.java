package org.gantry.security;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

/** Tokens as entities, for issuing, listing and revoking; a REST call's check reads them in TokenService. */
interface ApiTokenRepository extends JpaRepository<ApiToken, Long> {

    @Query("select t from ApiToken t join fetch t.user where t.tokenHash = :tokenHash")
    Optional<ApiToken> findByTokenHash(String tokenHash);

    List<ApiToken> findByUserAndRevokedAtIsNullOrderByCreatedAtDesc(UserAccount user);
}

package org.gantry.base.domain;

import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.util.Objects;
import org.springframework.data.util.ProxyUtils;

@MappedSuperclass
public abstract class AbstractEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    public Long getId() {
        return id;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (other == null || !ProxyUtils.getUserClass(this).equals(ProxyUtils.getUserClass(other))) {
            return false;
        }
        return id != null && Objects.equals(id, ((AbstractEntity) other).id);
    }

    @Override
    public int hashCode() {
        // The id is assigned on persist, so it cannot feed the hash of an entity that may
        // sit in a set before and after being saved.
        return ProxyUtils.getUserClass(this).hashCode();
    }
}
